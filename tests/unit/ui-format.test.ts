import { t } from '../../lib/i18n';
import { describe, expect, it } from 'vitest';
import { checkAddress, hostPattern, needsHostPermission } from '../../lib/ui/address';
import { fromDiscovery, fromPageItem, safeCoverUrl, stateLabel } from '../../lib/ui/comics';
import { daysUntil, focCountdown, formatAgo, formatAt, formatWhen, groupByDay, issueLabel, parsePrice } from '../../lib/ui/format';
import { explainError, problemsOf } from '../../lib/ui/problems';
import type { UiState } from '../../lib/ui/replies';
import { readsText, syncText, unreadableText } from '../../lib/ui/status-text';

// Local times, so the tests read the same in every time zone.
const NOW = new Date(2026, 0, 12, 10, 30).getTime(); // Monday 12 January 2026, 10:30
const at = (day: number, hour: number, minute = 0) => new Date(2026, 0, day, hour, minute).getTime();

function state(changes: { session?: Partial<UiState['session']>; quota?: Partial<UiState['quota']>; sync?: Partial<UiState['sync']>; queuedWrites?: number; writesNeedSignIn?: number; writeNotices?: string[]; circuit?: UiState['circuit'] } = {}): UiState {
  const limit = (n: number) => ({ limit: n, remaining: n, resetsAt: at(12, 11) });
  return {
    session: { signedIn: true, rejected: false, address: 'https://versedb.com', tokenKind: 'personal', member: { id: 1, username: 'samreads', name: 'Sam Okafor', isPro: false }, missingScopes: [], ...changes.session },
    quota: { tier: 'free', reads: limit(300), readsToday: { ...limit(4000), resetsAt: at(13, 9) }, writes: limit(150), pausedUntil: null, ...changes.quota },
    sync: { mode: null, step: null, nextPage: 1, lastPage: null, total: null, pagesDone: 0, phasePagesDone: 0, phaseLastPage: null, waitingUntil: null, lastSyncedAt: at(12, 10, 25), problem: null, unreadable: [], ...changes.sync },
    circuit: changes.circuit ?? { state: 'closed', retryAt: null, failures: 0 },
    queuedWrites: changes.queuedWrites ?? 0,
    writesNeedSignIn: changes.writesNeedSignIn ?? 0,
    writeNotices: changes.writeNotices ?? [],
  };
}

describe('dates and countdowns', () => {
  it('counts calendar days to an FOC date', () => {
    expect(daysUntil('2026-01-12', NOW)).toBe(0);
    expect(daysUntil('2026-01-13', NOW)).toBe(1);
    expect(daysUntil('2026-02-11', NOW)).toBe(30);
    expect(daysUntil('2026-01-10', NOW)).toBe(-2);
    expect(daysUntil('not a date', NOW)).toBeNull();
  });

  it('counts down to the end of the FOC day', () => {
    expect(focCountdown('2026-01-12', NOW)).toBe('FOC today, 14 h left');
    expect(focCountdown('2026-01-12', at(12, 23, 30))).toBe('FOC today, 1 h left');
    expect(focCountdown('2026-01-13', NOW)).toBe('FOC tomorrow');
    expect(focCountdown('2026-01-19', NOW)).toBe('FOC in 7 days');
    expect(focCountdown('2026-01-11', NOW)).toBe('FOC has passed');
    expect(focCountdown('soon', NOW)).toBe('FOC date unknown');
  });

  it('names times to come and times past', () => {
    expect(formatWhen(at(12, 14, 5), NOW, 'en-GB')).toBe('14:05');
    expect(formatWhen(at(13, 9, 12), NOW, 'en-GB')).toBe('tomorrow 09:12');
    expect(formatWhen(at(15, 9, 0), NOW, 'en-GB')).toMatch(/^Thu.*15.*Jan.* 09:00$/);
    // In a sentence: "back to full at 14:05", never "at tomorrow 09:12".
    expect(formatAt(at(12, 14, 5), NOW, 'en-GB')).toBe('at 14:05');
    expect(formatAt(at(13, 9, 12), NOW, 'en-GB')).toBe('tomorrow at 09:12');
    expect(formatAt(at(15, 9, 0), NOW, 'en-GB')).toMatch(/^on Thu.*15.*Jan.* at 09:00$/);
    expect(formatAgo(NOW - 20_000, NOW)).toBe('just now');
    expect(formatAgo(NOW - 5 * 60_000, NOW)).toBe('5 min ago');
    expect(formatAgo(NOW - 3 * 3_600_000, NOW)).toBe('3 h ago');
    expect(formatAgo(at(3, 9), NOW, 'en-GB')).toBe('on 3 Jan');
  });

  it('groups entries by day, days in order, entries in their order', () => {
    const entries = [
      { id: 1, d: '2026-01-20' },
      { id: 2, d: '2026-01-14' },
      { id: 3, d: null },
      { id: 4, d: '2026-01-20' },
    ];
    expect(groupByDay(entries, (e) => e.d).map((g) => [g.date, g.entries.map((e) => e.id)])).toEqual([
      ['2026-01-14', [2]],
      ['2026-01-20', [1, 4]],
      [null, [3]],
    ]);
  });
});

describe('prices and labels', () => {
  it.each([
    ['$4.99', 4.99],
    ['£3.50', 3.5],
    ['4,99 €', 4.99],
    ['USD 1,299.00', 1299],
    ['1.299,95 €', 1299.95],
    ['Price: 12', 12],
    ['$0.99 (was $3.99)', 0.99],
  ])('reads %s as %s', (text, amount) => {
    expect(parsePrice(text)).toBe(amount);
  });

  it('gives nothing for no price', () => {
    expect(parsePrice(null)).toBeNull();
    expect(parsePrice('Sold out')).toBeNull();
    expect(parsePrice('$99,999,999.00')).toBeNull();
  });

  it('names an issue', () => {
    expect(issueLabel('Saga', '61', null)).toBe('Saga #61');
    expect(issueLabel(null, '3', 'Saga Vol. 1')).toBe('Saga Vol. 1');
    expect(issueLabel(null, null, null)).toBe('Untitled comic');
  });
});

describe('comics as rows', () => {
  it('turns a page item into a row with its price and state', () => {
    const row = fromPageItem({ key: 'upc:1', title: 'Saga #61 Cover A', series: 'Saga', number: '61', price: '$3.99', state: 'owned', issueId: 7, variantId: null, seriesId: 3, copies: 2, coverUrl: null, titleRef: null });
    expect(row).toMatchObject({ label: 'Saga #61', detail: 'Saga #61 Cover A', price: '$3.99', state: 'owned', copies: 2, issueId: 7 });
    expect(stateLabel('owned', 2)).toBe('Owned ×2');
    expect(stateLabel('owned', 1)).toBe('Owned');
  });

  it('gives a follow update its reason and a #1 its release day', () => {
    const entry = { issueId: 9, seriesId: 4, seriesName: 'X-Men', number: '12', title: null, coverUrl: null, releaseDate: '2026-01-14', focDate: null, onPullList: false, reason: 'New in X-Men' };
    expect(fromDiscovery(entry, 'follows').detail).toBe('New in X-Men');
    expect(fromDiscovery(entry, 'firsts').detail).toMatch(/^Out /);
    expect(fromDiscovery(entry, 'foc')).toMatchObject({ label: 'X-Men #12', state: null, detail: null });
  });

  it('shows only web images as covers', () => {
    expect(safeCoverUrl('https://versedb.com/c/1.jpg')).toBe('https://versedb.com/c/1.jpg');
    expect(safeCoverUrl('javascript:alert(1)')).toBeNull();
    expect(safeCoverUrl('data:image/png;base64,AAAA')).toBeNull();
    expect(safeCoverUrl('not a url')).toBeNull();
  });
});

describe('the VerseDB address', () => {
  it('takes https anywhere and http on this machine only', () => {
    expect(checkAddress('https://versedb.com/')).toEqual({ ok: true, origin: 'https://versedb.com' });
    expect(checkAddress(' http://127.0.0.1:7878/x ')).toEqual({ ok: true, origin: 'http://127.0.0.1:7878' });
    expect(checkAddress('')).toEqual({ ok: true, origin: 'https://versedb.com' });
    expect(checkAddress('http://versedb.com').ok).toBe(false);
    expect(checkAddress('versedb').ok).toBe(false);
  });

  it('asks for a host permission for any address but the default', () => {
    expect(hostPattern('http://127.0.0.1:7878')).toBe('http://127.0.0.1/*');
    expect(needsHostPermission('https://versedb.com')).toBe(false);
    expect(needsHostPermission('https://db.example.org')).toBe(true);
  });
});

describe('problems and their way out', () => {
  it('has nothing to say when all is well', () => {
    expect(problemsOf(state(), NOW)).toEqual([]);
    expect(problemsOf(state({ session: { signedIn: false } }), NOW)).toEqual([]);
  });

  it('asks to sign in again when the token was refused, and says nothing else', () => {
    const problems = problemsOf(state({ session: { rejected: true, missingScopes: ['lookup:barcode'] }, queuedWrites: 2 }), NOW);
    expect(problems.map((p) => [p.key, p.way.kind])).toEqual([['rejected', 'sign-in']]);
  });

  it('names a missing scope with its purpose and where to add it', () => {
    const [problem] = problemsOf(state({ session: { missingScopes: ['lookup:barcode'] } }), NOW);
    expect(problem?.text).toBe('Your token lacks lookup:barcode, needed for recognising comics by barcode, ISBN or distributor code (badges).');
    expect(problem?.way).toEqual({ kind: 'add-scope', scopes: ['lookup:barcode'], tokensUrl: 'https://versedb.com/my/apps/custom' });
  });

  it('calls a Connect sign-in read-only rather than listing what it lacks', () => {
    const problems = problemsOf(state({ session: { tokenKind: 'connect', missingScopes: ['lookup:barcode', 'write:collection'] } }), NOW);
    expect(problems.map((p) => [p.key, p.tone])).toEqual([['read-only', 'info']]);
  });

  it('says until when Longbox waits: a 429 pause, then no reads left', () => {
    const paused = problemsOf(state({ quota: { pausedUntil: at(12, 11, 5) } }), NOW);
    expect(paused.map((p) => p.key)).toEqual(['paused']);
    expect(paused[0]?.way).toEqual({ kind: 'wait', until: at(12, 11, 5) });
    const empty = problemsOf(state({ quota: { reads: { limit: 300, remaining: 0, resetsAt: at(12, 11) } } }), NOW);
    expect(empty[0]?.text).toMatch(/^No VerseDB reads left this hour\. Badges from your library still work; new lookups wait until /);
    // A pause that is over is no problem.
    expect(problemsOf(state({ quota: { pausedUntil: NOW - 1 } }), NOW)).toEqual([]);
  });

  it('tells of a stopped sync and of changes waiting to be sent', () => {
    const problems = problemsOf(state({ sync: { problem: 'VerseDB is not answering.' }, queuedWrites: 2 }), NOW);
    expect(problems.map((p) => p.text)).toEqual([
      'Library sync stopped: VerseDB is not answering.',
      '2 changes to your library wait to be sent to VerseDB; Longbox sends them when VerseDB answers again.',
    ]);
  });

  it('keeps changes that wait for a sign-in in view: after a refused token, and signed out', () => {
    const rejected = problemsOf(state({ session: { rejected: true }, queuedWrites: 2, writesNeedSignIn: 2 }), NOW);
    expect(rejected.map((p) => [p.key, p.way.kind])).toEqual([['rejected', 'sign-in'], ['queued-sign-in', 'sign-in']]);
    expect(rejected[1]?.text).toBe('2 changes waiting: sign in again to send them.');
    const signedOut = problemsOf(state({ session: { signedIn: false }, queuedWrites: 1, writesNeedSignIn: 1 }), NOW);
    expect(signedOut.map((p) => p.text)).toEqual(['1 change waiting: sign in again to send it.']);
  });

  it('says VerseDB is not answering, and when Longbox tries again', () => {
    const problems = problemsOf(state({ circuit: { state: 'open', retryAt: at(12, 14, 5), failures: 3 } }), NOW);
    expect(problems.map((p) => p.key)).toEqual(['circuit']);
    expect(problems[0]?.text).toBe(`VerseDB is not answering. Longbox tries again at ${formatWhen(at(12, 14, 5), NOW)}; badges from your library still work.`);
    expect(problems[0]?.way).toEqual({ kind: 'wait', until: at(12, 14, 5) });
  });

  it('names what Longbox tidied up in the library', () => {
    const notice = 'A dropped connection made VerseDB save a second copy of Saga #1; Longbox removed it, so you have the one copy you added.';
    expect(problemsOf(state({ writeNotices: [notice] }), NOW).map((p) => [p.text, p.tone])).toEqual([[notice, 'info']]);
  });

  it('explains refusals', () => {
    expect(explainError({ kind: 'missing-scope', message: 'needs write:collection', scope: 'write:collection' }, NOW, null).text).toBe(
      'Your token lacks write:collection, needed for adding and removing copies in your collection.',
    );
    const pro = explainError({ kind: 'pro-required', message: 'This feature requires a VerseDB PRO membership.', upgradeUrl: 'https://versedb.com/pro' }, NOW, null);
    expect(pro).toMatchObject({ text: 'This feature requires a VerseDB PRO membership.', way: { kind: 'upgrade', url: 'https://versedb.com/pro' } });
    expect(explainError({ kind: 'pro-required', message: 'Upgrade to see variants.' }, NOW, null).text).toBe('Upgrade to see variants. This needs a VerseDB PRO membership.');
    expect(explainError({ kind: 'rate-limited', message: 'Too Many Attempts.', retryAt: at(12, 11) }, NOW, null).way).toEqual({ kind: 'wait', until: at(12, 11) });
    expect(explainError({ kind: 'paused', message: 'held back', resumesAt: at(12, 11) }, NOW, null).way.kind).toBe('wait');
    expect(explainError({ kind: 'unauthenticated', message: 'Unauthenticated.' }, NOW, null).way).toEqual({ kind: 'sign-in', label: 'Sign in again' });
    expect(explainError({ kind: 'not-found', message: 'Not found on VerseDB.' }, NOW, null).text).toBe('Not found on VerseDB.');
  });

  it('says VerseDB is not answering once: the open circuit says so itself, another failure is told so', () => {
    const circuit = t('versedb_circuit_open', '14:05');
    expect(explainError({ kind: 'unavailable', message: circuit }, NOW, null).text).toBe(circuit);
    expect(explainError({ kind: 'unavailable', message: 'Service Unavailable' }, NOW, null).text).toBe('VerseDB is not answering right now: Service Unavailable');
  });
});

describe('the status lines', () => {
  it('says how many reads are left and when they come back', () => {
    const text = readsText(state({ quota: { reads: { limit: 300, remaining: 287, resetsAt: at(12, 11, 5) } } }).quota, NOW);
    expect(text.hour).toMatch(/^287 of 300 reads left this hour, back to full at .*11.*05/);
    expect(text.today).toMatch(/^4,000 of 4,000 today, back to full tomorrow /);
  });

  it('says where the sync is and when the hourly cap lets it go on', () => {
    expect(syncText(state().sync, NOW)).toBe('Library synced 5 min ago.');
    expect(syncText(state({ sync: { lastSyncedAt: null } }).sync, NOW)).toBe('Library not synced yet.');
    const running = state({ sync: { step: 'collection', pagesDone: 3, lastPage: 33, phasePagesDone: 3, phaseLastPage: 33, total: 3270, waitingUntil: null } }).sync;
    expect(syncText(running, NOW)).toBe('Syncing your collection: 3 of 33 pages done (3,270 copies).');
    const waiting = { ...running, waitingUntil: at(12, 11, 5) };
    expect(syncText(waiting, NOW)).toMatch(/^Syncing your collection: 3 of 33 pages done \(3,270 copies\)\. The hourly cap allows the next page at .+\.$/);
    expect(syncText(state({ sync: { step: 'pull-list', pagesDone: 33, lastPage: 33 } }).sync, NOW)).toBe('Syncing your pull list: 0 pages done.');
    // A wait because VerseDB failed is not the hourly cap, and the popup says the sync waits, not stopped.
    const failing = { ...waiting, problem: 'Service Unavailable' };
    expect(syncText(failing, NOW)).toMatch(/^Syncing your collection: 3 of 33 pages done \(3,270 copies\)\. VerseDB is not answering; the sync goes on at .+\.$/);
    expect(problemsOf(state({ sync: failing }), NOW).map((p) => p.text)).toEqual(['Library sync waits to try again: Service Unavailable']);
  });

  it('names the rows a sync could not read, by list and reason, one line each', () => {
    expect(unreadableText([])).toEqual([]);
    expect(unreadableText([
      { list: 'wishlist', reason: 'without an issue', count: 3 },
      { list: 'collection', reason: 'without an issue', count: 1 },
      { list: 'pull-list', reason: 'without a series', count: 1200 },
    ])).toEqual([
      '3 wishlist entries could not be read; VerseDB sent them without an issue.',
      '1 copy in your collection could not be read; VerseDB sent it without an issue.',
      '1,200 pull-list entries could not be read; VerseDB sent them without a series.',
    ]);
  });

  it('shows each phase’s own pages, never the collection’s count during the wishlist or the pull list', () => {
    const collection = { pagesDone: 33, lastPage: 33, total: 3270 };
    const wishlist = state({ sync: { ...collection, step: 'wishlist', phasePagesDone: 2, phaseLastPage: 3 } }).sync;
    expect(syncText(wishlist, NOW)).toBe('Syncing your wishlist: 2 of 3 pages done.');
    const pullList = state({ sync: { ...collection, step: 'pull-list', phasePagesDone: 1, phaseLastPage: 1 } }).sync;
    expect(syncText(pullList, NOW)).toBe('Syncing your pull list: 1 of 1 page done.');
    // Before the wishlist's first page says how many it has.
    expect(syncText(state({ sync: { ...collection, step: 'wishlist' } }).sync, NOW)).toBe('Syncing your wishlist: 0 pages done.');
    const waiting = state({ sync: { ...collection, step: 'wishlist', phasePagesDone: 0, phaseLastPage: null, waitingUntil: at(12, 11, 5) } }).sync;
    expect(syncText(waiting, NOW)).toMatch(/^Syncing your wishlist: 0 pages done\. The hourly cap allows the next page at .+\.$/);
  });
});
