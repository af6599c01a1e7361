import { defineConfig } from 'vitest/config';

// The Firefox browser tests (tests/firefox): Debian's firefox-esr (or LONGBOX_FIREFOX) driven over
// WebDriver BiDi by puppeteer-core, with the Firefox e2e build loaded. One file at a time: each starts
// its own Firefox, and the machine has two cores.
export default defineConfig({
  test: {
    include: ['tests/firefox/**/*.test.ts'],
    setupFiles: ['tests/unit/setup-messages.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
