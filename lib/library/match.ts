// The key that matches a page's comic title against the member's library locally: the series name
// normalised (case, punctuation, a leading "The", "&" for "and") and the issue number without
// leading zeros. Volume and year are left out: many store titles do not show them.

export function normaliseSeries(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, ' ')
    .replace(/^the /, '')
    .trim();
}

export function normaliseNumber(number: string): string {
  const trimmed = number.trim().toUpperCase().replace(/^#/, '');
  return trimmed.replace(/^0+(?=\d)/, '');
}

export function matchKey(series: string, number: string): string | null {
  const s = normaliseSeries(series);
  const n = normaliseNumber(number);
  return s && n ? `${s}#${n}` : null;
}
