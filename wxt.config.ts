import preact from '@preact/preset-vite';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { defineConfig } from 'wxt';
import { VERSEDB_HOST_PERMISSION } from './lib/config';
import { withEarlyEntries } from './lib/content/early-readers';
import { platformManifest } from './lib/platform';
import { RETAILER_MATCHES } from './lib/sites/registry';

// Builds: `production` (the store build) never grants localhost. `e2e` (tests and the demo) adds the
// loopback addresses so the extension can reach the local VerseDB stand-in.
const LOOPBACK = ['http://127.0.0.1/*', 'http://localhost/*'];
const OPTIONAL_HOSTS = ['https://*/*', 'http://*/*'];
/** The chunks the background injects beside a store script, into its world (entrypoints/*.ts). */
const INJECTED_BESIDE = ['general-readers', 'page-extras'];
const TITLES = fileURLToPath(new URL('./lib/detect/titles.ts', import.meta.url));
const SHARED_TITLES = fileURLToPath(new URL('./lib/detect/titles-shared.ts', import.meta.url));

/** Resolves every import of lib/detect/titles.ts (by whatever path) to the shared rules' stand-in. */
function sharedTitles(): Plugin {
  return {
    name: 'longbox-shared-titles',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!/(?:^|\/)titles(?:\.ts)?$/.test(source) || importer === SHARED_TITLES) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved?.id === TITLES ? SHARED_TITLES : null;
    },
  };
}

export default defineConfig({
  // LONGBOX_OUT gives a run its own output folder, so a rebuild never pulls a build from under a test run.
  outDir: process.env.LONGBOX_OUT ?? '.output',
  modules: ['@wxt-dev/webextension-polyfill'],
  // `npm run zip`: the Chrome and Firefox archives, and (with `-b firefox`) the sources archive
  // addons.mozilla.org asks for. The sources archive is an allowlist, exactly what a reviewer needs to
  // rebuild the Firefox archive (SOURCE_README.md says how; `npm run test:rebuild` does it and compares):
  // the package files, the config, the code, the local WXT modules, public/ and the icon's source. Not
  // the tests, benchmarks, fixtures, the VerseDB stand-in, the repo's scripts or the store listing.
  zip: {
    excludeSources: ['**/*'],
    includeSources: [
      'package.json',
      'package-lock.json',
      'tsconfig.json',
      'wxt.config.ts',
      'SOURCE_README.md',
      'README.md',
      'CHANGELOG.md',
      'entrypoints/**',
      'components/**',
      'lib/**',
      'modules/**',
      'public/**',
      'assets/**',
    ],
  },
  vite: () => ({
    plugins: [preact()],
    build: {
      rollupOptions: {
        // zod ships `@__PURE__` comments where Rollup cannot use them; Rollup says so at length for every
        // bundle that imports zod, and drops the comment (the code is the same). Only those warnings, and only
        // for packages' own code, are silenced; every other warning and error goes on as before. (onLog, not
        // onwarn: the preact plugin sets onwarn, which would replace ours; Vite calls onLog first, then it.)
        onLog(level, log, handler) {
          if (level === 'warn' && log.code === 'INVALID_ANNOTATION' && log.id?.includes('/node_modules/')) return;
          handler(level, log);
        },
      },
    },
  }),
  hooks: {
    // The early script (entrypoints/early.ts) runs beside each store script, on the same pages.
    'build:manifestGenerated': (_wxt, manifest) => {
      if (manifest.content_scripts) manifest.content_scripts = withEarlyEntries(manifest.content_scripts, 'early.js');
    },
    // The store scripts run on every store page and have a 20 kB budget; they only send messages,
    // which Chrome (MV3) and Firefox both do with promises natively. So it uses WXT's plain
    // `browser`, and the polyfill stays in the background, popup and options.
    //
    // WXT's ContentScriptContext tells the page that the extension is there (a postMessage and DOM events
    // named with its id); the content scripts get lib/content/quiet-context.ts in its place, which does not.
    //
    // The title rules come once per page with the early script (lib/detect/titles-shared.ts): the store
    // scripts and the chunks injected beside them (the general readers, the page extras) share them.
    'vite:build:extendConfig': (entrypoints, config) => {
      // LONGBOX_PROFILE=1 keeps every name, for reading a CPU profile (bench/profile-badges.ts).
      const profile = process.env.LONGBOX_PROFILE === '1';
      if (profile) config.build = { ...config.build, minify: false };
      const storeScripts = entrypoints.every((entrypoint) => entrypoint.type === 'content-script');
      const injected = entrypoints.every((entrypoint) => INJECTED_BESIDE.includes(entrypoint.name));
      if (!storeScripts && !injected) return;
      config.plugins = [...(config.plugins ?? []), sharedTitles()];
      if (!storeScripts) return;
      const swaps: Record<string, string> = {
        'wxt/browser': fileURLToPath(import.meta.resolve('wxt/browser')),
        'wxt/utils/content-script-context': fileURLToPath(new URL('./lib/content/quiet-context.ts', import.meta.url)),
      };
      const alias = config.resolve?.alias;
      if (Array.isArray(alias)) {
        const exact = Object.entries(swaps).map(([name, replacement]) => ({ find: new RegExp(`^${name}$`), replacement }));
        config.resolve = { ...config.resolve, alias: [...exact, ...alias] };
      } else {
        config.resolve = { ...config.resolve, alias: { ...alias, ...swaps } };
      }
      // Terser packs the store scripts about 4% smaller than esbuild's minifier. WXT ends each script with
      // the name of its IIFE's variable (what scripting.executeScript answers); mangled, that name would be
      // undefined there, and the script would end in a ReferenceError, so it is kept.
      const lib = config.build?.lib;
      const iifeName = lib && typeof lib.name === 'string' ? [lib.name] : [];
      config.build = { ...config.build, minify: 'terser', terserOptions: { compress: { passes: 2 }, mangle: profile ? false : { toplevel: true, reserved: iifeName }, keep_fnames: profile } };
    },
  },
  manifest: ({ browser, mode }) => ({
    // In the browser's language (public/_locales; lib/i18n.ts), English where it has none.
    name: '__MSG_ext_name__',
    description: '__MSG_ext_description__',
    default_locale: 'en',
    // `notifications` (FOC reminders) is optional, asked for when the member turns reminders on. Chromium's
    // permission prompt cannot be answered in a test, so its e2e build has it granted at install, as if the
    // member had said yes (the request then answers true at once); Firefox's tests answer the real prompt.
    // `activeTab`: the page the toolbar popup opens over, read once on that click where no Longbox script
    // reads it (lib/background/on-demand.ts), with no permission for every site.
    permissions: ['storage', 'alarms', 'identity', 'scripting', 'contextMenus', 'activeTab', ...(mode === 'e2e' && browser !== 'firefox' ? ['notifications'] : [])],
    host_permissions: [...RETAILER_MATCHES, VERSEDB_HOST_PERMISSION, ...(mode === 'e2e' ? LOOPBACK : [])],
    // Other stores and another VerseDB address are asked for at run time, when the member turns them on;
    // the manifest keys for that, and Firefox's own settings, differ by browser (lib/platform.ts).
    ...platformManifest(browser, OPTIONAL_HOSTS, ['notifications']),
  }),
});
