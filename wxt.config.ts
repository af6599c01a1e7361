import preact from '@preact/preset-vite';
import { defineConfig } from 'wxt';
import { VERSEDB_HOST_PERMISSION } from './lib/config';
import { RETAILER_MATCHES } from './lib/sites/registry';

// Builds: `production` (the store build) never grants localhost. `e2e` (tests and the demo) adds the
// loopback addresses so the extension can reach the local VerseDB stand-in.
const LOOPBACK = ['http://127.0.0.1/*', 'http://localhost/*'];

export default defineConfig({
  modules: ['@wxt-dev/webextension-polyfill'],
  vite: () => ({ plugins: [preact()] }),
  manifest: ({ browser, mode }) => ({
    name: 'Longbox',
    description:
      'Marks the comics you own, wishlist and pull on comic retailer pages, from your VerseDB library.',
    permissions: ['storage', 'alarms'],
    host_permissions: [...RETAILER_MATCHES, VERSEDB_HOST_PERMISSION, ...(mode === 'e2e' ? LOOPBACK : [])],
    // Other stores and another VerseDB address are asked for at run time, when the member turns them on.
    optional_host_permissions: ['https://*/*', 'http://*/*'],
    ...(browser === 'firefox'
      ? {
          browser_specific_settings: {
            gecko: {
              id: 'longbox@longbox.app',
              strict_min_version: '115.0',
              data_collection_permissions: { required: ['none'] },
            },
          },
        }
      : {}),
  }),
});
