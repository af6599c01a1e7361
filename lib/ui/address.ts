import { DEFAULT_VERSEDB_URL, VERSEDB_HOST_PERMISSION } from '../config';
import { t } from '../i18n';

// The VerseDB address the member types, checked the way the background checks it (HTTPS, or plain
// HTTP on this machine only), and the host permission it needs.

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

export type AddressCheck = { ok: true; origin: string } | { ok: false; message: string };

export function checkAddress(address: string): AddressCheck {
  let url: URL;
  try {
    url = new URL(address.trim() === '' ? DEFAULT_VERSEDB_URL : address.trim());
  } catch {
    return { ok: false, message: t('options_address_invalid', DEFAULT_VERSEDB_URL) };
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && LOOPBACK.has(url.hostname))) {
    return { ok: false, message: t('options_address_not_https') };
  }
  return { ok: true, origin: url.origin };
}

/** The match pattern for an origin's host permission (match patterns carry no port). */
export function hostPattern(origin: string): string {
  const url = new URL(origin);
  return `${url.protocol}//${url.hostname}/*`;
}

/** The default address is granted at install; any other is asked for when the member uses it. */
export function needsHostPermission(origin: string): boolean {
  return hostPattern(origin) !== VERSEDB_HOST_PERMISSION;
}
