import { isOwnSender, Request, type PingResponse } from '@/lib/protocol';

export default defineBackground(() => {
  browser.runtime.onMessage.addListener((message: unknown, sender) => {
    if (!isOwnSender(sender, browser.runtime.id)) return undefined;
    const parsed = Request.safeParse(message);
    if (!parsed.success) return Promise.resolve({ ok: false, error: 'Malformed message.' });
    switch (parsed.data.type) {
      case 'ping': {
        const reply: PingResponse = { ok: true, version: browser.runtime.getManifest().version };
        return Promise.resolve(reply);
      }
    }
  });
});
