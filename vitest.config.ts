import { defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing/vitest-plugin';

export default defineConfig({
  plugins: [WxtVitest()],
  test: {
    include: ['tests/unit/**/*.test.{ts,tsx}', 'tests/stand-in/**/*.test.ts', 'tests/integration/**/*.test.ts'],
    setupFiles: ['tests/unit/setup-messages.ts'],
    testTimeout: 20_000,
    hookTimeout: 20_000,
  },
});
