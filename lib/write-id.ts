// A write's id, made where the member clicked (badge menu, popup): the background treats the same id
// twice as one change, so a message delivered twice, or sent again after a worker restart, is one write.
// No imports: it goes into the store pages' scripts.

export function newWriteId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
