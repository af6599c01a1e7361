import { useSignal } from '@preact/signals';
import { useEffect, useId, useRef } from 'preact/hooks';
import type { TargetedKeyboardEvent, TargetedSubmitEvent } from 'preact';
import { useModel } from '../context';
import { ProblemNotice } from '../shared/ProblemNotice';
import { CONDITIONS, GRADING_COMPANIES } from '@/lib/versedb/schemas';
import { parsePrice } from '@/lib/ui/format';
import { explainError, type Problem } from '@/lib/ui/problems';
import type { ComicView } from '@/lib/ui/comics';
import type { WriteResult } from '@/lib/ui/replies';
import { t, uiLocale } from '@/lib/i18n';

/** The grading companies by name (names, said alike in every language), and the two that are words. */
function companyName(company: (typeof GRADING_COMPANIES)[number]): string {
  if (company === 'other') return t('popup_company_another');
  if (company === 'self_graded') return t('popup_company_self');
  return company;
}

/** The price typed, with a decimal comma as the member's language may write it ("4,99"); NaN when not a number. */
function typedPrice(text: string): number {
  const trimmed = text.trim();
  return Number(/^\d+,\d{1,2}$/.test(trimmed) ? trimmed.replace(',', '.') : trimmed);
}

/** The fields VerseDB may name in a 422, as this form labels them. */
const FIELDS = ['condition', 'grade_score', 'grading_company', 'price_paid'] as const;
type Field = (typeof FIELDS)[number];

export function AddCopyForm({ comic, issueId, onDone, onCancel }: { comic: ComicView; issueId: number; onDone: (result: WriteResult) => void; onCancel: () => void }) {
  const model = useModel();
  const id = useId();
  const condition = useSignal(model.preferences.value?.defaultCondition ?? 'NM');
  const gradeScore = useSignal('');
  const company = useSignal('');
  const price = useSignal(parsePrice(comic.price)?.toFixed(2) ?? '');
  const errors = useSignal<Partial<Record<Field, string>>>({});
  const problem = useSignal<Problem | null>(null);
  const busy = useSignal(false);

  const first = useRef<HTMLSelectElement>(null);
  // The form opens where the member is working: on its first field. Escape closes it.
  useEffect(() => first.current?.focus(), []);
  const onKeyDown = (event: TargetedKeyboardEvent<HTMLFormElement>) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    onCancel();
  };

  const fieldId = (field: Field) => `${id}-${field}`;
  const errorOf = (field: Field) => errors.value[field];
  const described = (field: Field) => (errorOf(field) ? { 'aria-invalid': true, 'aria-describedby': `${fieldId(field)}-error` } : {});
  const fieldError = (field: Field) =>
    errorOf(field) && (
      <p id={`${fieldId(field)}-error`} class="field-error">
        {errorOf(field)}
      </p>
    );

  async function submit(event: TargetedSubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy.value) return;
    const paid = price.value.trim() === '' ? null : typedPrice(price.value);
    if (paid !== null && !(Number.isFinite(paid) && paid >= 0 && paid <= 999_999.99)) {
      const example = new Intl.NumberFormat(uiLocale(), { minimumFractionDigits: 2, useGrouping: false }).format(4.99);
      errors.value = { price_paid: t('popup_price_invalid', example) };
      return;
    }
    busy.value = true;
    errors.value = {};
    problem.value = null;
    const graded = company.value !== '';
    const reply = await model.write({
      action: 'copy-add',
      issueId,
      fields: {
        condition: condition.value,
        grade_score: gradeScore.value.trim() === '' ? null : gradeScore.value.trim(),
        grading_company: graded ? company.value : null,
        graded,
        price_paid: paid,
        ...(comic.variantId !== null && comic.issueId === issueId ? { variant_id: comic.variantId } : {}),
      },
    });
    busy.value = false;
    if (reply.ok) {
      onDone(reply.value);
      return;
    }
    const fields = reply.error.fields ?? {};
    const beside: Partial<Record<Field, string>> = {};
    for (const field of FIELDS) {
      const messages = fields[field];
      if (messages && messages.length > 0) beside[field] = messages.join(' ');
    }
    errors.value = beside;
    // Anything VerseDB said that no field here shows goes above the buttons.
    const elsewhere = Object.keys(fields).filter((field) => !(FIELDS as readonly string[]).includes(field));
    if (Object.keys(beside).length === 0 || elsewhere.length > 0) problem.value = explainError(reply.error, model.now.value, model.state.value?.session.address ?? null);
  }

  return (
    <form class="add-copy" onSubmit={submit} onKeyDown={onKeyDown} aria-label={t('popup_add_copy_form', comic.label)} noValidate>
      <div class="field">
        <label for={fieldId('condition')}>{t('field_condition')}</label>
        <select ref={first} id={fieldId('condition')} value={condition.value} onChange={(e) => (condition.value = e.currentTarget.value)} {...described('condition')}>
          {CONDITIONS.map((grade) => (
            <option key={grade} value={grade}>
              {grade}
            </option>
          ))}
        </select>
        {fieldError('condition')}
      </div>
      <div class="field">
        <label for={fieldId('grade_score')}>{t('popup_grade_score')}</label>
        <input
          id={fieldId('grade_score')}
          type="text"
          inputMode="decimal"
          maxLength={10}
          placeholder={t('popup_grade_score_placeholder')}
          autoComplete="off"
          value={gradeScore.value}
          onInput={(e) => (gradeScore.value = e.currentTarget.value)}
          {...described('grade_score')}
        />
        {fieldError('grade_score')}
      </div>
      <div class="field">
        <label for={fieldId('grading_company')}>{t('popup_grading_company')}</label>
        <select id={fieldId('grading_company')} value={company.value} onChange={(e) => (company.value = e.currentTarget.value)} {...described('grading_company')}>
          <option value="">{t('popup_not_graded')}</option>
          {GRADING_COMPANIES.map((name) => (
            <option key={name} value={name}>
              {companyName(name)}
            </option>
          ))}
        </select>
        {fieldError('grading_company')}
      </div>
      <div class="field">
        <label for={fieldId('price_paid')}>{t('field_price_paid')}</label>
        <input
          id={fieldId('price_paid')}
          type="text"
          inputMode="decimal"
          maxLength={10}
          autoComplete="off"
          value={price.value}
          onInput={(e) => (price.value = e.currentTarget.value)}
          {...described('price_paid')}
        />
        {fieldError('price_paid')}
      </div>
      {problem.value && <ProblemNotice problem={problem.value} now={model.now.value} onSignIn={model.openSignIn} />}
      <div class="buttons">
        <button type="submit" class="primary" disabled={busy.value}>
          {busy.value ? t('ui_adding') : t('action_add_copy')}
        </button>
        <button type="button" onClick={onCancel}>
          {t('popup_cancel')}
        </button>
      </div>
    </form>
  );
}
