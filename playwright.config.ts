import { defineConfig } from '@playwright/test';

// Browser tests drive Debian's Chromium (or LONGBOX_CHROMIUM) with the e2e build of the extension
// loaded; tests/e2e/fixtures.ts launches it. Two cores: one worker keeps runs steady.
export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  reporter: process.env.CI ? [['list'], ['json', { outputFile: 'test-results/e2e.json' }]] : 'list',
  outputDir: 'test-results/artifacts',
});
