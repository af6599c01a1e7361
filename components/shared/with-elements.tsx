import { Fragment, type ComponentChildren } from 'preact';

// A message with elements inside it (a link, a field, a word in bold): the words around them come from
// the message, in the language's own order, and each element goes where its substitution stands.

const MARK = /\uE000(\d+)\uE001/;

/**
 * `say` gets one mark per element and returns the message filled with them (a call of t() with the marks as its substitutions);
 * each mark in the text becomes its element, the rest stays text.
 */
export function withElements(say: (...marks: string[]) => string, ...elements: ComponentChildren[]): ComponentChildren[] {
  const text = say(...elements.map((_, i) => `\uE000${i}\uE001`));
  return text.split(MARK).map((part, i) => (i % 2 === 1 ? <Fragment key={i}>{elements[Number(part)]}</Fragment> : part));
}
