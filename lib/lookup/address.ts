// The lookup panel's address: the selected text rides in the fragment, which no request carries.

/** The panel's path for the selected text. */
export function lookupPath(text: string): string {
  return `/lookup.html#${new URLSearchParams({ q: text.slice(0, 2000) }).toString()}`;
}

/** The selected text a panel's address carries (`#q=…`); empty when it carries none. */
export function selectionOf(hash: string): string {
  try {
    return new URLSearchParams(hash.replace(/^#/, '')).get('q')?.slice(0, 2000) ?? '';
  } catch {
    return '';
  }
}
