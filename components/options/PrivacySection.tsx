/** What leaves the browser, in plain words. */
export function PrivacySection() {
  return (
    <section class="card-section" aria-labelledby="privacy-heading">
      <h2 id="privacy-heading">What leaves your browser</h2>
      <p>
        <strong>Only comic codes and titles, never page addresses.</strong> Longbox talks to one place: your VerseDB address.
      </p>
      <ul class="plain-list">
        <li>
          To recognise a comic, Longbox sends VerseDB the barcode, ISBN or distributor code printed on it. A title without a code is matched against
          your synced library here, in the browser: a badge alone never sends a title.
        </li>
        <li data-testid="privacy-titles">
          When you act on a comic that shows only its title (wishlist it, add a copy, pull its series), or select it and choose “Look up in VerseDB”,
          its series name goes to VerseDB’s catalog search to find the issue, with the year the page gives. That title, and only on your click.
        </li>
        <li>The changes you make (copies, wishlist, pull list) go to VerseDB, as they would on its own site.</li>
        <li>Your token goes only to your VerseDB address, and never to the pages you visit.</li>
        <li>
          Never sent: the addresses of the pages you visit, what else is on them, their prices, your browsing history. Nothing goes to anyone else.
        </li>
      </ul>
    </section>
  );
}
