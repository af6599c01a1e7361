// Renders assets/icon.svg to the PNG sizes the manifest uses (public/icon/<size>.png), in Chromium.
// Run by hand after changing the SVG: `node scripts/make-icons.mjs`.
import { readFile, mkdir } from 'node:fs/promises';
import { chromium } from 'playwright-core';
import { chromiumPath } from './chromium-path.mjs';

const svg = await readFile(new URL('../assets/icon.svg', import.meta.url), 'utf8');
const browser = await chromium.launch({ executablePath: chromiumPath(), args: ['--no-sandbox'] });
const page = await browser.newPage();
await mkdir(new URL('../public/icon/', import.meta.url), { recursive: true });
for (const size of [16, 32, 48, 96, 128]) {
  await page.setViewportSize({ width: size, height: size });
  await page.setContent(
    `<style>html,body{margin:0;background:transparent}svg{width:${size}px;height:${size}px;display:block}</style>${svg}`,
  );
  await page.screenshot({ path: `public/icon/${size}.png`, omitBackground: true });
}
await browser.close();
console.log('icons written to public/icon/');
