import { plural, t, uiLocale } from '../i18n';

// Words and numbers for the popup and options page: dates, countdowns, times, prices. Pure, so they
// are unit-tested; `locale` is the member's language (the messages' own, lib/i18n.ts) unless a test
// fixes it.

const DAY = 86_400_000;

// Building an Intl formatter costs far more than using one (a popup's list of FOC dates built one per
// row); each is made once per locale and kind and kept.
type DateKind = 'day' | 'time' | 'month-day' | 'date';
const DATE_OPTIONS: Record<DateKind, Intl.DateTimeFormatOptions> = {
  day: { weekday: 'short', month: 'short', day: 'numeric' },
  time: { hour: '2-digit', minute: '2-digit' },
  'month-day': { month: 'short', day: 'numeric' },
  date: { year: 'numeric', month: 'short', day: 'numeric' },
};
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();

function dateFormat(kind: DateKind, locale = uiLocale()): Intl.DateTimeFormat {
  const key = `${kind} ${locale}`;
  let format = dateFormats.get(key);
  if (!format) dateFormats.set(key, (format = new Intl.DateTimeFormat(locale, DATE_OPTIONS[kind])));
  return format;
}

function numberFormat(locale = uiLocale()): Intl.NumberFormat {
  let format = numberFormats.get(locale);
  if (!format) numberFormats.set(locale, (format = new Intl.NumberFormat(locale)));
  return format;
}

/** Midnight (local) at the start of a `YYYY-MM-DD` day; null for anything else. */
export function localDay(date: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return null;
  const day = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return Number.isNaN(day.getTime()) ? null : day;
}

function startOfDay(ms: number): number {
  const d = new Date(ms);
  return new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
}

/** Calendar days from today to the date: 0 today, 1 tomorrow, negative when past. */
export function daysUntil(date: string, now: number): number | null {
  const day = localDay(date);
  if (!day) return null;
  return Math.round((day.getTime() - startOfDay(now)) / DAY);
}

/** "Mon, Jan 12" in the member's language. */
export function formatDay(date: string, locale = uiLocale()): string {
  const day = localDay(date);
  if (!day) return date;
  return dateFormat('day', locale).format(day);
}

/** "Jan 12, 2026": a whole date, in the member's language. */
export function formatDate(date: string, locale = uiLocale()): string {
  const day = localDay(date);
  if (!day) return date;
  return dateFormat('date', locale).format(day);
}

/**
 * Time left until a Final Order Cutoff. Shops take orders until the end of the FOC day, so the
 * countdown runs to local midnight after it; VerseDB's FOC dates are estimates, so days are enough.
 */
export function focCountdown(focDate: string, now: number): string {
  const days = daysUntil(focDate, now);
  if (days === null) return t('time_foc_unknown');
  if (days < 0) return t('time_foc_passed');
  if (days === 0) {
    const hours = Math.max(1, Math.ceil((startOfDay(now) + DAY - now) / 3_600_000));
    return plural('time_foc_today_hours', hours);
  }
  if (days === 1) return t('time_foc_tomorrow');
  return plural('time_foc_in_days', days);
}

/** A moment to come: "14:05" today, "tomorrow 09:12", else the day and time. */
export function formatWhen(at: number, now: number, locale = uiLocale()): string {
  const time = dateFormat('time', locale).format(at);
  const days = Math.round((startOfDay(at) - startOfDay(now)) / DAY);
  if (days === 0) return time;
  if (days === 1) return t('time_when_tomorrow', time);
  return t('time_when_day', dateFormat('day', locale).format(at), time);
}

/** A moment ahead as a sentence says it: "at 14:05", "tomorrow at 09:12", "on Thu 15 Jan at 09:00". */
export function formatAt(at: number, now: number, locale = uiLocale()): string {
  const time = dateFormat('time', locale).format(at);
  const days = Math.round((startOfDay(at) - startOfDay(now)) / DAY);
  if (days === 0) return t('time_at', time);
  if (days === 1) return t('time_at_tomorrow', time);
  return t('time_at_day', dateFormat('day', locale).format(at), time);
}

/** A moment past: "just now", "5 min ago", "3 h ago", else the day. */
export function formatAgo(at: number, now: number, locale = uiLocale()): string {
  const minutes = Math.floor((now - at) / 60_000);
  if (minutes < 1) return t('time_just_now');
  if (minutes < 60) return plural('time_minutes_ago', minutes);
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return plural('time_hours_ago', hours);
  return t('time_ago_day', dateFormat('month-day', locale).format(at));
}

export function formatCount(n: number, locale = uiLocale()): string {
  return numberFormat(locale).format(n);
}

/**
 * The amount in a store's price text ("$4.99", "£3.50", "4,99 €", "USD 1,299.00"), for prefilling
 * the price paid; null when there is none to read.
 */
export function parsePrice(text: string | null): number | null {
  if (!text) return null;
  const match = /(\d{1,3}(?:[.,\s]\d{3})*(?:[.,]\d{1,2})?|\d+(?:[.,]\d{1,2})?)/.exec(text.replace(/\u00a0/g, ' '));
  if (!match?.[1]) return null;
  let digits = match[1].replace(/\s/g, '');
  // The last separator followed by one or two digits is the decimal mark; any other is grouping.
  const decimal = /[.,](\d{1,2})$/.exec(digits);
  if (decimal) digits = `${digits.slice(0, decimal.index).replace(/[.,]/g, '')}.${decimal[1]}`;
  else digits = digits.replace(/[.,]/g, '');
  const amount = Number(digits);
  return Number.isFinite(amount) && amount >= 0 && amount <= 999_999.99 ? amount : null;
}

/** Entries grouped by a date key, groups in date order, entries in their given order. */
export function groupByDay<T>(entries: readonly T[], dateOf: (entry: T) => string | null): { date: string | null; entries: T[] }[] {
  const groups = new Map<string | null, T[]>();
  for (const entry of entries) {
    const date = dateOf(entry);
    const group = groups.get(date);
    if (group) group.push(entry);
    else groups.set(date, [entry]);
  }
  return [...groups.entries()]
    .map(([date, list]) => ({ date, entries: list }))
    .sort((a, b) => (a.date ?? '9999').localeCompare(b.date ?? '9999'));
}

export function issueLabel(seriesName: string | null, number: string | null, title: string | null): string {
  if (seriesName) return number ? `${seriesName} #${number}` : seriesName;
  return title ?? (number ? `#${number}` : t('ui_untitled_comic'));
}
