import { expect, test } from './fixtures';

test('the service worker starts and answers the popup', async ({ context, serviceWorker, extensionId }) => {
  expect(serviceWorker.url()).toBe(`chrome-extension://${extensionId}/background.js`);
  const manifest = await serviceWorker.evaluate(() => chrome.runtime.getManifest());
  expect(manifest.name).toBe('Longbox');

  const popup = await context.newPage();
  await popup.goto(`chrome-extension://${extensionId}/popup.html`);
  await expect(popup.getByRole('heading', { name: 'Longbox' })).toBeVisible();
  await expect(popup.getByTestId('background-status')).toHaveText(/^Longbox \d+\.\d+\.\d+$/);
});

test('the options page opens', async ({ context, extensionId }) => {
  const options = await context.newPage();
  await options.goto(`chrome-extension://${extensionId}/options.html`);
  await expect(options.getByRole('heading', { name: 'Longbox options' })).toBeVisible();
});

test('the background signs in to the stand-in and syncs the library over HTTP', async ({ context, extensionId }) => {
  const { startStandIn } = await import('../../stand-in/index.ts');
  const si = await startStandIn({ port: 0 });
  try {
    const options = await context.newPage();
    await options.goto(`chrome-extension://${extensionId}/options.html`);
    const reply = await options.evaluate(
      ({ address, token }) => chrome.runtime.sendMessage({ type: 'sign-in', address, token }),
      { address: si.url, token: si.tokens.free },
    );
    expect(reply).toMatchObject({ ok: true, state: { session: { signedIn: true, member: { username: 'samreads', isPro: false } } } });
    await expect
      .poll(async () => {
        const state = await options.evaluate(() => chrome.runtime.sendMessage({ type: 'state' }));
        return JSON.stringify(state);
      })
      .toMatch(/"lastSyncedAt":\d+/);
    const served = si.requests().filter((r) => r.path === '/api/v1/user/collections');
    expect(served.length).toBeGreaterThan(0);
    expect(served.every((r) => r.status === 200)).toBe(true);
  } finally {
    await si.stop();
  }
});
