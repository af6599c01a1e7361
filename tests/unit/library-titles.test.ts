import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { Library } from '@/lib/library/library';
import { openLongboxDb, type IssueSummary } from '@/lib/store/db';

// The library keeps the issues of titles it has read in memory (a page seen again is answered without
// IndexedDB). These tests change the database behind the library's back to see which answers come from
// memory, and check that every write of the library's own forgets them.

let dbCount = 0;
async function library() {
  return new Library(await openLongboxDb(`library-titles-${dbCount++}`));
}

function issue(id: number, matchKey: string, fields: Partial<IssueSummary> = {}): IssueSummary {
  return {
    id, seriesId: 7, seriesName: 'Saga', number: matchKey.split('#')[1] ?? '1', startYear: 2012, volume: null, name: null,
    coverUrl: null, releaseDate: null, publisher: 'Image', matchKey, ...fields,
  };
}

const ids = (issues: readonly IssueSummary[]) => issues.map((found) => found.id).sort((a, b) => a - b);

describe('Library: titles read once', () => {
  it('answers a title read before from memory, one or many at a time', async () => {
    const lib = await library();
    await lib.putIssues([issue(1, 'saga#1'), issue(2, 'saga#2')]);
    expect(ids(await lib.issuesByMatchKey('saga#1'))).toEqual([1]);
    const page = await lib.issuesByMatchKeys(['saga#2', 'saga#3']);
    expect(ids(page.get('saga#2') ?? [])).toEqual([2]);
    expect(page.get('saga#3')).toEqual([]);
    // Behind the library's back: what it read stays as read.
    await lib.db.put('issues', issue(10, 'saga#1', { seriesId: 8 }));
    await lib.db.put('issues', issue(11, 'saga#3'));
    expect(ids(await lib.issuesByMatchKey('saga#1'))).toEqual([1]);
    expect((await lib.issuesByMatchKeys(['saga#3'])).get('saga#3')).toEqual([]);
    // A title never read is read from the database.
    await lib.db.put('issues', issue(12, 'saga#4'));
    expect(ids(await lib.issuesByMatchKey('saga#4'))).toEqual([12]);
  });

  it('hands out copies of its lists: a caller that changes one changes nothing kept', async () => {
    const lib = await library();
    await lib.putIssues([issue(1, 'saga#1')]);
    (await lib.issuesByMatchKey('saga#1')).push(issue(99, 'saga#1'));
    expect(ids(await lib.issuesByMatchKey('saga#1'))).toEqual([1]);
  });

  it.each([
    ['putIssues', (lib: Library) => lib.putIssues([issue(3, 'saga#9')])],
    ['addMissingIssues', (lib: Library) => lib.addMissingIssues([issue(3, 'saga#9')])],
    ['clearCache', (lib: Library) => lib.clearCache().then(() => undefined)],
  ])('forgets every title when %s writes issues', async (_name, write) => {
    const lib = await library();
    await lib.putIssues([issue(1, 'saga#1')]);
    expect(ids(await lib.issuesByMatchKey('saga#1'))).toEqual([1]);
    expect(await lib.issuesByMatchKey('saga#2')).toEqual([]);
    await lib.db.put('issues', issue(2, 'saga#2'));
    await write(lib);
    // clearCache removes issues nothing in the library names: saga#1 and saga#2 go with it.
    const expected = _name === 'clearCache' ? [] : [2];
    expect(ids(await lib.issuesByMatchKey('saga#2'))).toEqual(expected);
  });

  it('does not keep a read that began before a write of issues', async () => {
    const lib = await library();
    await lib.putIssues([issue(1, 'saga#1')]);
    const before = lib.issuesByMatchKeys(['saga#1', 'saga#2']);
    const write = lib.putIssues([issue(2, 'saga#2'), issue(1, 'saga#1', { name: 'renamed' })]);
    await Promise.all([before, write]);
    const after = await lib.issuesByMatchKeys(['saga#1', 'saga#2']);
    expect(ids(after.get('saga#2') ?? [])).toEqual([2]);
    expect(after.get('saga#1')?.[0]?.name).toBe('renamed');
  });
});
