import { createHash } from 'node:crypto';

/** Chromium's id for an unpacked extension: the SHA-256 of its folder's path, in the letters a-p. */
export function unpackedExtensionId(dir: string): string {
  return [...createHash('sha256').update(dir).digest('hex').slice(0, 32)].map((c) => String.fromCharCode(97 + Number.parseInt(c, 16))).join('');
}
