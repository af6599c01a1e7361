import { useEffect } from 'preact/hooks';
import { canAdd, checkedCopies, formatMoney, type OrderReviewModel } from '@/lib/ui/order-review';
import type { OrderReview as Order, ReviewLine } from '@/lib/ui/replies';
import { choiceName } from '@/lib/items';
import { Cover } from './shared/Cover';
import { formatNumber, plural, t, uiLocale } from '@/lib/i18n';
import { formatDate } from '@/lib/ui/format';

const CONDITIONS = ['MT', 'NM/MT', 'NM+', 'NM', 'NM-', 'VF/NM', 'VF+', 'VF', 'VF-', 'F/VF', 'F+', 'F', 'F-', 'VG/F', 'VG+', 'VG', 'VG-', 'G/VG', 'G', 'FR', 'PR'];

/** The review list of the comics an order page shows: check, then add them to the collection in one go. */
export function OrderReview({ model, defaultCondition }: { model: OrderReviewModel; defaultCondition: string }) {
  useEffect(() => {
    void model.load();
    return () => model.stop();
  }, [model]);
  const orders = model.orders.value;
  const error = model.error.value;
  return (
    <main class="order-review">
      <h1>{t('order_review_heading')}</h1>
      {error && (
        <p class="problem" role="alert" data-testid="order-error">
          {error}
        </p>
      )}
      {orders === null && !error && <p class="muted">{t('order_review_matching')}</p>}
      {orders !== null && orders.length === 0 && (
        <p class="empty" data-testid="order-none">
          {t('order_review_gone')}
        </p>
      )}
      {orders?.map((order) => (
        <OrderSection key={order.key} order={order} model={model} defaultCondition={defaultCondition} />
      ))}
    </main>
  );
}

function OrderSection({ order, model, defaultCondition }: { order: Order; model: OrderReviewModel; defaultCondition: string }) {
  const checked = model.checked.value.get(order.key);
  const { lines, copies } = checkedCopies(order, checked);
  const busy = model.busy.value;
  const summary = model.summary.value;
  return (
    <section class="order" data-testid="order" data-order-key={order.key}>
      <h2>{order.number ? t('order_review_store_order', order.store, order.number) : order.store}</h2>
      <p class="muted">
        {bought(order)} {order.storeField === 'purchase_store' ? t('order_review_store_field_purchase_store') : t('order_review_store_field_notes')}
      </p>
      <label class="condition">
        {t('field_condition')}{' '}
        <select
          data-testid="order-condition"
          value={model.condition.value ?? defaultCondition}
          onChange={(event) => model.setCondition((event.currentTarget as HTMLSelectElement).value)}
        >
          {CONDITIONS.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      </label>
      <table class="order-lines">
        <thead>
          <tr>
            <th />
            <th>{t('order_review_col_comic')}</th>
            <th>{t('order_review_col_issue')}</th>
            <th>{t('order_review_col_quantity')}</th>
            <th>{t('order_review_col_paid')}</th>
            <th>{t('order_review_col_status')}</th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((line) => (
            <LineRow
              key={line.lineId}
              line={line}
              order={order}
              checked={checked?.has(line.lineId) ?? false}
              busy={busy}
              onToggle={() => model.toggle(order.key, line.lineId)}
              onChoose={(seriesId) => void model.choose(order.key, line.lineId, seriesId)}
            />
          ))}
        </tbody>
      </table>
      <p>
        <button type="button" data-testid="order-add" disabled={busy || lines === 0} onClick={() => void model.add(order.key)}>
          {busy ? t('ui_adding') : plural('order_review_add', copies)}
        </button>
      </p>
      {summary && (
        <p class="summary" role="status" data-testid="order-summary">
          {summary}
        </p>
      )}
    </section>
  );
}

/** When the order was bought, whether the page said so, and the discount its prices are after. */
function bought(order: Order): string {
  const date = formatDate(order.purchasedAt);
  if (order.discountShare <= 0) return order.dateFromPage ? t('order_review_bought', date) : t('order_review_bought_undated', date);
  const off = new Intl.NumberFormat(uiLocale(), { style: 'percent', maximumFractionDigits: 0 }).format(order.discountShare);
  return order.dateFromPage ? t('order_review_bought_discount', date, off) : t('order_review_bought_undated_discount', date, off);
}

interface LineRowProps {
  line: ReviewLine;
  order: Order;
  checked: boolean;
  busy: boolean;
  onToggle: () => void;
  onChoose: (seriesId: number) => void;
}

function LineRow({ line, order, checked, busy, onToggle, onChoose }: LineRowProps) {
  const match = line.match;
  const issue = match ? `${match.seriesName ?? '?'}${match.number ? ` #${match.number}` : ''}${match.edition ? ` · ${match.edition}` : ''}` : '—';
  return (
    <tr data-testid="order-line" data-state={line.state} data-line-id={line.lineId}>
      <td>
        <input type="checkbox" aria-label={line.title ? t('order_review_add_line', line.title) : t('order_review_add_this_comic')} checked={checked && canAdd(line)} disabled={!canAdd(line)} onChange={onToggle} />
      </td>
      <td>{line.title ?? t('order_review_no_title')}</td>
      <td>
        {issue}
        {line.variant && (
          <small class="variant" data-testid="order-variant">
            {line.variantId ? t('order_review_variant_matched', line.variant) : t('order_review_variant_notes', line.variant)}
          </small>
        )}
      </td>
      <td>{formatNumber(line.quantity)}</td>
      <td data-testid="order-price">{formatMoney(line.unitPrice, order.currency)}</td>
      <td class="why">
        {lineStatus(line)}
        {line.choose && (
          <span role="group" aria-label={t('ui_which_series')} class="choices" data-testid="order-choices">
            {line.choose.choices.map((choice) => (
              <button type="button" class="choice" key={choice.seriesId} disabled={busy} onClick={() => onChoose(choice.seriesId)}>
                <Cover url={choice.coverUrl} />
                {choiceName(choice)}
              </button>
            ))}
          </span>
        )}
      </td>
    </tr>
  );
}

function lineStatus(line: ReviewLine): string {
  switch (line.state) {
    case 'ready':
      return t('order_review_line_ready');
    case 'owned':
      return plural('order_review_line_owned', line.copies);
    case 'unmatched':
      return line.reason ?? t('order_review_line_unmatched');
    case 'added': {
      const p = line.progress;
      if (!p) return t('order_review_line_added');
      if (p.waiting > 0) {
        const total = p.done + p.waiting + p.refused;
        return p.lastError ? t('order_review_line_sending_error', p.done, total, p.lastError) : t('order_review_line_sending', p.done, total);
      }
      return p.refused > 0 ? t('order_review_line_refused', p.done, p.refused) : plural('order_review_line_added_copies', p.done);
    }
  }
}
