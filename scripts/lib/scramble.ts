// A page in a layout its adapter was not written for: every class name and id renamed, the same name
// to the same new name throughout the page (as a redesign or an A/B test renames them), chosen by a
// seeded generator so a failure can be replayed. Structure, text, links, images and attributes other
// than class and id stay as they were.

/** mulberry32: a small seeded generator, good enough to pick names. */
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function scrambleMarkup(document: Document, seed: number): void {
  const random = generator(seed);
  const names = new Map<string, string>();
  const used = new Set<string>();
  const rename = (name: string): string => {
    let renamed = names.get(name);
    if (renamed === undefined) {
      do renamed = 'x' + Math.floor(random() * 36 ** 6).toString(36);
      while (used.has(renamed));
      used.add(renamed);
      names.set(name, renamed);
    }
    return renamed;
  };
  for (const el of document.querySelectorAll('[class],[id]')) {
    const classes = el.getAttribute('class');
    if (classes !== null) el.setAttribute('class', classes.split(/\s+/).filter(Boolean).map(rename).join(' '));
    const id = el.getAttribute('id');
    if (id !== null) el.setAttribute('id', rename(id));
  }
}
