import { useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import type { TargetedSubmitEvent } from 'preact';
import { useModel, useOptionsEnv } from '../context';
import { ProblemNotice } from '../shared/ProblemNotice';
import { DEFAULT_VERSEDB_URL } from '@/lib/config';
import { checkAddress, hostPattern, needsHostPermission } from '@/lib/ui/address';
import { runConnectFlow } from '@/lib/ui/connect-flow';
import type { Outcome } from '@/lib/ui/messages';
import { explainError, scopePurpose, tokensUrl, type Problem } from '@/lib/ui/problems';
import type { UiError, UiState } from '@/lib/ui/replies';
import { t } from '@/lib/i18n';
import { withElements } from '../shared/with-elements';

/** Sign-in errors in the words of this page (the token field is right here). */
function signInProblem(error: UiError, origin: string, now: number): Problem {
  switch (error.kind) {
    case 'unauthenticated':
      return { key: 'sign-in', tone: 'error', text: t('options_token_not_accepted'), way: { kind: 'none' } };
    case 'offline':
    case 'unavailable':
    case 'outcome-unknown':
      return { key: 'sign-in', tone: 'error', text: t('options_unreachable', origin, error.message), way: { kind: 'none' } };
    case 'declined':
    case 'cancelled':
    case 'invalid':
    case 'config':
      return { key: 'sign-in', tone: 'error', text: error.message, way: { kind: 'none' } };
    default:
      return explainError(error, now, origin);
  }
}

function MemberCard({ state }: { state: UiState }) {
  const model = useModel();
  const { session } = state;
  const member = session.member;
  const busy = useSignal(false);
  const connect = session.tokenKind === 'connect';
  return (
    <div class="card member-card" data-testid="member-card">
      <p>
        {member ? (
          <>
            {withElements((name) => t('options_signed_in_as', name, member.username), <strong data-testid="member-name">{member.name ?? member.username}</strong>)}{' '}
            <span class={`tier ${member.isPro ? 'tier-pro' : ''}`} data-testid="member-tier">
              {member.isPro ? t('ui_tier_pro') : t('ui_tier_free')}
            </span>
          </>
        ) : (
          t('options_signed_in_no_profile')
        )}
      </p>
      <p class="muted">
        {connect ? t('options_signed_in_with_connect', session.address ?? DEFAULT_VERSEDB_URL) : t('options_signed_in_with_token', session.address ?? DEFAULT_VERSEDB_URL)}
      </p>
      {session.rejected && (
        <ProblemNotice
          problem={{ key: 'rejected', tone: 'error', text: t('options_token_rejected'), way: { kind: 'none' } }}
          now={model.now.value}
          onSignIn={model.openSignIn}
        />
      )}
      {session.missingScopes.length > 0 && (
        <div class="scopes" data-testid="missing-scopes">
          <p>{connect ? t('options_scopes_connect') : t('options_scopes_token')}</p>
          <ul>
            {session.missingScopes.map((scope) => (
              <li key={scope}>
                {withElements((code) => t('options_scope_needed_for', code, scopePurpose(scope)), <code>{scope}</code>)}
              </li>
            ))}
          </ul>
          {!connect && (
            <p>
              {withElements(
                (link) => t('options_scopes_add', link),
                <a href={tokensUrl(session.address)} target="_blank" rel="noreferrer">
                  {t('options_token_page')}
                </a>,
              )}
            </p>
          )}
        </div>
      )}
      <div class="buttons">
        <button
          type="button"
          class="danger"
          disabled={busy.value}
          onClick={async () => {
            busy.value = true;
            await model.signOut();
            busy.value = false;
          }}
        >
          {t('options_sign_out')}
        </button>
        <span class="muted">{t('options_sign_out_hint')}</span>
      </div>
    </div>
  );
}

export function AccountSection() {
  const model = useModel();
  const env = useOptionsEnv();
  const address = useSignal('');
  const token = useSignal('');
  const addressError = useSignal<string | null>(null);
  const tokenError = useSignal<string | null>(null);
  const busy = useSignal<'save' | 'connect' | null>(null);
  const problem = useSignal<Problem | null>(null);
  const said = useSignal<string | null>(null);

  // The address field starts at the signed-in address, else the saved preference.
  const sessionAddress = model.state.value?.session.address ?? null;
  const savedAddress = model.preferences.value?.address ?? null;
  useEffect(() => {
    if (address.value === '') address.value = sessionAddress ?? savedAddress ?? DEFAULT_VERSEDB_URL;
  }, [sessionAddress, savedAddress]);

  /** The checked origin, with its host permission asked for; null (and the reason shown) when not usable. */
  async function usableOrigin(): Promise<string | null> {
    const check = checkAddress(address.value);
    if (!check.ok) {
      addressError.value = check.message;
      return null;
    }
    addressError.value = null;
    // Asked first, while the click still counts as the member's gesture.
    if (needsHostPermission(check.origin) && !(await env.requestHostPermission(hostPattern(check.origin)))) {
      addressError.value = t('options_address_permission', check.origin);
      return null;
    }
    return check.origin;
  }

  function settle(reply: Outcome<UiState>, origin: string) {
    busy.value = null;
    if (reply.ok) {
      const member = reply.value.session.member;
      said.value = member ? t('options_signed_in_said', member.name ?? member.username) : t('options_signed_in_said_anonymous');
      return;
    }
    problem.value = signInProblem(reply.error, origin, model.now.value);
  }

  async function save(event: TargetedSubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy.value) return;
    said.value = null;
    problem.value = null;
    tokenError.value = token.value.trim() === '' ? t('options_token_missing') : null;
    const origin = await usableOrigin();
    if (!origin || tokenError.value) return;
    busy.value = 'save';
    const reply = await model.signIn(origin, token.value.trim());
    if (reply.ok) token.value = '';
    settle(reply, origin);
  }

  async function connect() {
    if (busy.value) return;
    said.value = null;
    problem.value = null;
    const origin = await usableOrigin();
    if (!origin) return;
    busy.value = 'connect';
    const reply = await runConnectFlow(origin, {
      redirectUri: env.connectRedirectUri(),
      launch: env.launchWebAuthFlow,
      exchange: (code, redirectUri, verifier) => model.connect(origin, code, redirectUri, verifier),
    });
    settle(reply, origin);
  }

  const state = model.state.value;
  return (
    <section class="card-section" aria-labelledby="account-heading">
      <h2 id="account-heading">{t('options_account_heading')}</h2>
      {state?.session.signedIn && <MemberCard state={state} />}
      <div class="field">
        <label for="address">{t('options_address_label')}</label>
        <input
          id="address"
          type="url"
          autoComplete="url"
          spellcheck={false}
          value={address.value}
          onInput={(e) => (address.value = e.currentTarget.value)}
          aria-invalid={addressError.value ? true : undefined}
          aria-describedby={addressError.value ? 'address-hint address-error' : 'address-hint'}
        />
        <p id="address-hint" class="hint">
          {t('options_address_hint', DEFAULT_VERSEDB_URL)}
        </p>
        {addressError.value && (
          <p id="address-error" class="field-error">
            {addressError.value}
          </p>
        )}
      </div>

      <form class="token-form" onSubmit={save} noValidate>
        <h3>{t('options_token_heading')}</h3>
        <p class="hint" id="token-hint">
          {withElements(
            (link) => t('options_token_hint', link),
            <a href={tokensUrl(address.value && checkAddress(address.value).ok ? address.value : null)} target="_blank" rel="noreferrer">
              {t('options_token_page')}
            </a>,
          )}
        </p>
        <div class="field">
          <label for="token">{t('options_token_label')}</label>
          <div class="inline">
            <input
              id="token"
              type="password"
              autoComplete="off"
              spellcheck={false}
              value={token.value}
              onInput={(e) => (token.value = e.currentTarget.value)}
              aria-invalid={tokenError.value ? true : undefined}
              aria-describedby={tokenError.value ? 'token-hint token-error' : 'token-hint'}
            />
            <button type="submit" class="primary" disabled={busy.value !== null}>
              {busy.value === 'save' ? t('options_checking') : t('options_save')}
            </button>
          </div>
          {tokenError.value && (
            <p id="token-error" class="field-error">
              {tokenError.value}
            </p>
          )}
        </div>
      </form>

      <div class="connect">
        <h3>{t('options_connect_heading')}</h3>
        <p>{withElements((readOnly) => t('options_connect_hint', readOnly), <strong>{t('options_connect_read_only')}</strong>)}</p>
        <button type="button" onClick={() => void connect()} disabled={busy.value !== null}>
          {busy.value === 'connect' ? t('options_connect_waiting') : t('options_connect_button')}
        </button>
      </div>

      <p role="status" class="said" data-testid="account-status">
        {said.value}
      </p>
      {problem.value && <ProblemNotice problem={problem.value} now={model.now.value} onSignIn={model.openSignIn} />}
    </section>
  );
}
