import { expect, test } from './fixtures';

test('the service worker starts and answers the popup', async ({ context, serviceWorker, extensionId }) => {
  expect(serviceWorker.url()).toBe(`chrome-extension://${extensionId}/background.js`);
  const manifest = await serviceWorker.evaluate(() => chrome.runtime.getManifest());
  expect(manifest.name).toBe('Longbox');

  const popup = await context.newPage();
  await popup.goto(`chrome-extension://${extensionId}/popup.html`);
  await expect(popup.getByRole('heading', { name: 'Longbox' })).toBeVisible();
  await expect(popup.getByTestId('background-status')).toHaveText(/Background ready \(version \d+\.\d+\.\d+\)/);
});

test('the options page opens', async ({ context, extensionId }) => {
  const options = await context.newPage();
  await options.goto(`chrome-extension://${extensionId}/options.html`);
  await expect(options.getByRole('heading', { name: 'Longbox options' })).toBeVisible();
});
