/** The Chromium binary to drive: LONGBOX_CHROMIUM, else Debian's chromium. Throws when there is none. */
export function chromiumPath(): string;
