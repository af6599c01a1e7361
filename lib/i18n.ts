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

/** A count as the member's language writes it ("1,234", "1.234", "1 234"). */
export function formatNumber(n: number): string {
  const locale = uiLocale();
  let format = numberFormats.get(locale);
  if (!format) numberFormats.set(locale, (format = new Intl.NumberFormat(locale)));
  return format.format(n);
}

function text(value: Substitution): string {
  return typeof value === 'number' ? formatNumber(value) : value;
}

/** The message in the member's language; its id itself when no locale has it (a test then says so). */
export function t(id: MessageId, ...substitutions: Substitution[]): string {
  const said = messages().getMessage(id, substitutions.map(text));
  return said || id;
}

/** A message that counts: the plural form the language uses for `count`, with the count as $1. */
export function plural(id: PluralId, count: number, ...substitutions: Substitution[]): string {
  const locale = uiLocale();
  let rules = pluralRules.get(locale);
  if (!rules) pluralRules.set(locale, (rules = new Intl.PluralRules(locale)));
  const subs = [formatNumber(count), ...substitutions.map(text)];
  const form = messages().getMessage(`${id}_${rules.select(count)}`, subs);
  return form || t(`${id}_other` as MessageId, count, ...substitutions);
}
