import { existsSync } from 'node:fs';

// The browser the tests and the demo drive. LONGBOX_CHROMIUM names another binary (Chrome, say);
// otherwise Debian's chromium, which scripts/ensure-chromium.sh installs when it is missing.
const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

export function chromiumPath() {
  const named = process.env.LONGBOX_CHROMIUM;
  if (named) {
    if (!existsSync(named)) throw new Error(`LONGBOX_CHROMIUM=${named} does not exist.`);
    return named;
  }
  const found = CANDIDATES.find((path) => existsSync(path));
  if (!found) throw new Error('No Chromium found: run `bash scripts/ensure-chromium.sh` or set LONGBOX_CHROMIUM.');
  return found;
}
