import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStandIn, type StandIn } from '../../stand-in/index.ts';
import type { DiscoveryResult } from '@/lib/background/discovery';
import { backgroundFor, readsServed } from './harness';

// The popup's lists through the background, against the stand-in: FOC with the pull list first,
// kept for an hour, its pull-list marks always the member's current ones.

let si: StandIn;
beforeAll(async () => {
  si = await startStandIn({ port: 0, realistic: true });
});
afterAll(() => si.stop());

const own = { id: 'ext', origin: 'chrome-extension://ext/' };
const popup = { id: 'ext', url: 'chrome-extension://ext/popup.html' };

async function foc(service: Awaited<ReturnType<typeof backgroundFor>>['service'], days: number): Promise<DiscoveryResult> {
  const reply = await service.handle({ type: 'discovery', feed: 'foc', days }, popup, own);
  if (!reply.ok || !('discovery' in reply)) throw new Error(`no FOC list: ${JSON.stringify(reply)}`);
  return reply.discovery as DiscoveryResult;
}

describe('FOC list', () => {
  it('lists upcoming cutoffs with the pull list first, and is kept for an hour', async () => {
    const { service } = await backgroundFor(si);
    await service.signIn(si.url, si.tokens.free, 'personal');
    await service.runSync();
    si.clearRequests();
    const list = await foc(service, 30);
    expect(list.entries.length).toBeGreaterThan(0);
    expect(list.note).toMatch(/estimate/i);
    // Realistic answers carry one row with no issue id: left out and counted, the rest listed.
    expect(list.unreadable).toBe(1);
    const firstOther = list.entries.findIndex((e) => !e.onPullList);
    expect(list.entries.slice(firstOther).every((e) => !e.onPullList)).toBe(true);
    expect(readsServed(si)).toBe(1);

    // A series put on the pull list is marked at once in the kept list, with no new read.
    const other = list.entries.find((e) => !e.onPullList && e.seriesId !== null);
    if (!other?.seriesId) throw new Error('every FOC series is already pulled');
    await service.writer.perform({ action: 'pull-list-add', seriesId: other.seriesId, seriesName: other.seriesName ?? '' });
    si.clearRequests();
    const again = await foc(service, 30);
    expect(readsServed(si)).toBe(0);
    expect(again.entries.filter((e) => e.seriesId === other.seriesId).every((e) => e.onPullList)).toBe(true);
    expect(again.entries[0]?.onPullList).toBe(true);
  });
});
