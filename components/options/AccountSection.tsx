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

/** Sign-in errors in the words of this page (the token field is right here). */
function signInProblem(error: UiError, origin: string, now: number): Problem {
  switch (error.kind) {
    case 'unauthenticated':
      return { key: 'sign-in', tone: 'error', text: 'VerseDB did not accept this token. Check that you copied all of it, or make a new one.', way: { kind: 'none' } };
    case 'offline':
    case 'unavailable':
    case 'outcome-unknown':
      return { key: 'sign-in', tone: 'error', text: `Longbox could not reach VerseDB at ${origin}: ${error.message}`, way: { kind: 'none' } };
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
            Signed in as <strong data-testid="member-name">{member.name ?? member.username}</strong> (@{member.username}){' '}
            <span class={`tier ${member.isPro ? 'tier-pro' : ''}`} data-testid="member-tier">
              {member.isPro ? 'PRO' : 'Free'}
            </span>
          </>
        ) : (
          'Signed in (VerseDB did not show this token your profile).'
        )}
      </p>
      <p class="muted">
        {connect ? 'With VerseDB Connect (read-only)' : 'With a personal access token'} at {session.address ?? DEFAULT_VERSEDB_URL}
      </p>
      {session.rejected && (
        <ProblemNotice
          problem={{ key: 'rejected', tone: 'error', text: 'VerseDB has since refused this token (revoked or expired). Save a new one below.', way: { kind: 'none' } }}
          now={model.now.value}
          onSignIn={model.openSignIn}
        />
      )}
      {session.missingScopes.length > 0 && (
        <div class="scopes" data-testid="missing-scopes">
          <p>{connect ? 'A Connect sign-in cannot do these; a personal token can:' : 'This token lacks these scopes:'}</p>
          <ul>
            {session.missingScopes.map((scope) => (
              <li key={scope}>
                <code>{scope}</code>: needed for {scopePurpose(scope)}
              </li>
            ))}
          </ul>
          {!connect && (
            <p>
              Add them to the token (or make a new one) at{' '}
              <a href={tokensUrl(session.address)} target="_blank" rel="noreferrer">
                VerseDB’s token page
              </a>
              , then save it again below.
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
          Sign out
        </button>
        <span class="muted">Removes the token and your library from this browser.</span>
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
      addressError.value = `Longbox needs your permission to reach ${check.origin}.`;
      return null;
    }
    return check.origin;
  }

  function settle(reply: Outcome<UiState>, origin: string) {
    busy.value = null;
    if (reply.ok) {
      const member = reply.value.session.member;
      said.value = member ? `Signed in as ${member.name ?? member.username}.` : 'Signed in.';
      return;
    }
    problem.value = signInProblem(reply.error, origin, model.now.value);
  }

  async function save(event: TargetedSubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy.value) return;
    said.value = null;
    problem.value = null;
    tokenError.value = token.value.trim() === '' ? 'Paste your personal access token first.' : null;
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
      <h2 id="account-heading">VerseDB account</h2>
      {state?.session.signedIn && <MemberCard state={state} />}
      <div class="field">
        <label for="address">VerseDB address</label>
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
          {DEFAULT_VERSEDB_URL} unless you use another VerseDB server. Longbox asks for permission to reach any other address.
        </p>
        {addressError.value && (
          <p id="address-error" class="field-error">
            {addressError.value}
          </p>
        )}
      </div>

      <form class="token-form" onSubmit={save} noValidate>
        <h3>Sign in with a personal access token</h3>
        <p class="hint" id="token-hint">
          Make one on{' '}
          <a href={tokensUrl(address.value && checkAddress(address.value).ok ? address.value : null)} target="_blank" rel="noreferrer">
            VerseDB’s token page
          </a>{' '}
          with the scopes read:user, lookup:barcode, write:collection, write:wishlist and write:pull-list. Longbox checks it at once; it stays in
          this browser and goes only to your VerseDB address.
        </p>
        <div class="field">
          <label for="token">Personal access token</label>
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
              {busy.value === 'save' ? 'Checking…' : 'Save'}
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
        <h3>Or connect with VerseDB</h3>
        <p>
          Sign in on VerseDB’s own page instead of copying a token. A Connect sign-in is <strong>read-only</strong>: Longbox marks comics from your
          synced library, but cannot add copies, change your wishlist or pull list, or look up barcodes, ISBNs and distributor codes. For those,
          save a personal token above.
        </p>
        <button type="button" onClick={() => void connect()} disabled={busy.value !== null}>
          {busy.value === 'connect' ? 'Waiting for VerseDB…' : 'Connect with VerseDB'}
        </button>
      </div>

      <p role="status" class="said" data-testid="account-status">
        {said.value}
      </p>
      {problem.value && <ProblemNotice problem={problem.value} now={model.now.value} onSignIn={model.openSignIn} />}
    </section>
  );
}
