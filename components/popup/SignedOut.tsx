import { useModel } from '../context';

/** The start for a member not signed in: what Longbox does, and the way to the options page. */
export function SignedOut() {
  const model = useModel();
  return (
    <section class="start" aria-labelledby="start-heading">
      <h2 id="start-heading">Sign in to VerseDB to start</h2>
      <p>Longbox marks the comics you own, wishlist and pull on comic store pages, and lists your upcoming Final Order Cutoffs.</p>
      <ol>
        <li>Open the options.</li>
        <li>Paste a personal access token from VerseDB, or choose “Connect with VerseDB”.</li>
      </ol>
      <button type="button" class="primary" onClick={model.openSignIn}>
        Open the options to sign in
      </button>
    </section>
  );
}
