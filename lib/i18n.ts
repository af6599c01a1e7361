import type English from '../public/_locales/en/messages.json';

// Every word a member sees, in the browser's language: the messages are public/_locales/<lang>/messages.json
// and the browser's i18n picks the language (English where a language has no file or no message). One
// message id per thing said, in lower snake case (the browser compares ids without case). Counts go
// through `plural`, which picks `<id>_one`, `<id>_other` (and any other CLDR form a language writes) by
// Intl.PluralRules; numbers given as substitutions are written with Intl in the same language.
//
// Only the ids' type comes from the English file (a type import): no message text is bundled into a script.

export type MessageId = keyof typeof English;
/** The ids written in plural forms, by their stem: `sync_pages` for `sync_pages_one`, `sync_pages_other`. */
export type PluralId = { [K in MessageId]: K extends `${infer Stem}_other` ? Stem : never }[MessageId];
export type Substitution = string | number;

interface MessageSource {
  getMessage(id: string, substitutions?: string[]): string;
  getUILanguage(): string;
}

interface MessageEntry {
  message: string;
  placeholders?: Record<string, { content: string }>;
}

let source: MessageSource | null = null;

/** The browser's i18n where there is one (extension pages, the background, content scripts). */
function browserSource(): MessageSource | null {
  const scope = globalThis as { browser?: { i18n?: MessageSource }; chrome?: { i18n?: MessageSource } };
  for (const api of [scope.browser?.i18n, scope.chrome?.i18n]) {
    try {
      if (api && typeof api.getMessage === 'function') {
        api.getUILanguage();
        return api;
      }
    } catch {
      // A stand-in browser without i18n (the unit tests' fake): try the next, else the table set by useMessages.
    }
  }
  return null;
}

function messages(): MessageSource {
  source ??= browserSource();
  if (!source) throw new Error('No messages: call useMessages() where there is no browser i18n.');
  return source;
}

/**
 * Reads messages from a messages.json table, as the browsers do ($NAME$ placeholders, $1…$9, $$ for a
 * dollar sign): for the unit tests, and for tools that run outside a browser. `fallback` answers ids the
 * table lacks, as the default locale does in a browser.
 */
export function useMessages(table: Record<string, MessageEntry>, language = 'en', fallback?: Record<string, MessageEntry>): void {
  templates = null;
  source = {
    getUILanguage: () => language,
    getMessage(id, substitutions = []) {
      const entry = table[id] ?? fallback?.[id];
      if (!entry) return '';
      return fillMessage(entry, substitutions);
    },
  };
}

/** A message's text with its placeholders and substitutions filled in, as Chrome and Firefox fill it. */
export function fillMessage(entry: MessageEntry, substitutions: readonly string[]): string {
  const placeholders = new Map(Object.entries(entry.placeholders ?? {}).map(([name, value]) => [name.toLowerCase(), value.content]));
  const withPlaceholders = entry.message.replace(/\$([A-Za-z0-9_@]+)\$/g, (whole, name: string) => placeholders.get(name.toLowerCase()) ?? whole);
  return withPlaceholders.replace(/\$(\$|[1-9])/g, (_whole, what: string) => (what === '$' ? '$' : (substitutions[Number(what) - 1] ?? '')));
}

/** The language the messages are in ("de", "fr-FR"): the one Intl writes dates, prices and counts in. */
export function uiLocale(): string {
  try {
    return messages().getUILanguage() || 'en';
  } catch {
    return 'en';
  }
}

const numberFormats = new Map<string, Intl.NumberFormat>();
const pluralRules = new Map<string, Intl.PluralRules>();

/**
 * Languages whose numbers are written in Latin digits by default (CLDR): in them an integer under 1,000
 * (no grouping) is written as its plain digits. The first Intl.NumberFormat of a fresh page process loads
 * number data for 15 to 45 ms, longer than a store page's badges take; a badge's counts never need it.
 */
const LATIN_DIGITS = /^(en|de|fr|es|it|pt|nl|sv|da|nb|nn|no|fi|is|pl|cs|sk|sl|hr|hu|ro|et|lv|lt|ca|gl|eu|ga|cy|tr|el|ru|uk|bg|sr|ja|zh|ko|id|ms|vi|th|hi|he)(-|$)/i;

/** A count as the member's language writes it ("1,234", "1.234", "1 234"). */
export function formatNumber(n: number): string {
  const locale = uiLocale();
  if (Number.isInteger(n) && n >= 0 && n < 1000 && LATIN_DIGITS.test(locale) && !locale.includes('-u-')) return String(n);
  let format = numberFormats.get(locale);
  if (!format) numberFormats.set(locale, (format = new Intl.NumberFormat(locale)));
  return format.format(n);
}

function text(value: Substitution): string {
  return typeof value === 'number' ? formatNumber(value) : value;
}

/**
 * The substitution marks of a template: a message said with these in place of $1…$9 (private-use
 * characters, which no message holds), so it can be filled where the browser's i18n is not asked.
 */
const MARKS = ['\uE001', '\uE002', '\uE003', '\uE004', '\uE005', '\uE006', '\uE007', '\uE008', '\uE009'];
const MARKED = /[\uE001-\uE009]/g;

let templates: Map<string, string> | null = null;

/**
 * These messages as templates, in the language the browser picked for this extension: what
 * `useTemplates` takes. Said where the browser's i18n is already at hand (the background), for a store
 * page, whose first `getMessage` would wait on the browser for the whole message file (5 to 15 ms in a
 * fresh page process, on the page's critical path).
 */
export function messageTemplates(ids: readonly string[]): Record<string, string> {
  const table: Record<string, string> = {};
  for (const id of ids) {
    const said = messages().getMessage(id, MARKS);
    if (said) table[id] = said;
  }
  return table;
}

/** Messages to say from these templates (messageTemplates) rather than ask the browser; others are asked. */
export function useTemplates(table: Readonly<Record<string, string>>): void {
  templates = new Map(Object.entries(table));
}

/** A message by its exact id ('' when there is none), from the templates where they hold it. */
function say(id: string, substitutions: readonly string[]): string {
  const template = templates?.get(id);
  if (template !== undefined) return template.replace(MARKED, (mark) => substitutions[mark.charCodeAt(0) - 0xe001] ?? '');
  return messages().getMessage(id, [...substitutions]);
}

/** The message in the member's language; its id itself when no locale has it (a test then says so). */
export function t(id: MessageId, ...substitutions: Substitution[]): string {
  const said = say(id, substitutions.map(text));
  return said || id;
}

/** A message that counts: the plural form the language uses for `count`, with the count as $1. */
export function plural(id: PluralId, count: number, ...substitutions: Substitution[]): string {
  const locale = uiLocale();
  let rules = pluralRules.get(locale);
  if (!rules) pluralRules.set(locale, (rules = new Intl.PluralRules(locale)));
  const subs = [formatNumber(count), ...substitutions.map(text)];
  const form = say(`${id}_${rules.select(count)}`, subs);
  return form || t(`${id}_other` as MessageId, count, ...substitutions);
}
