import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { comicAddOn, upcCheckDigit } from '../../stand-in/barcodes.ts';
import { DataFileError, startStandIn } from '../../stand-in/index.ts';
import { api, call, shape, useStandIn } from './helpers.ts';
import { Ambiguous, CollectionCheck, CollectionPage, FocPage, IsbnLookup, PullListPage, UpcLookup, WishlistPage } from './schemas.ts';

// The --data file (options.data): seeding comics and members, extend and replace, and clear errors.

const BASE = `${'84428400777'}${upcCheckDigit('84428400777')}`;
const EXTRA = {
  publishers: [{ name: 'Oni Press', code: 'ON' }],
  series: [{ name: 'Ghost Pines', publisher: 'Oni Press', upc: BASE, start_year: 2026, creators: ['Ada Quill', 'Bo Reyes'] }],
  issues: [
    { series: 'Ghost Pines', number: 1, release_date: '2026-06-03', variants: [{ name: 'Cover A' }, { name: 'Cover B' }] },
    { series: 'Ghost Pines', number: '2', release_date: '+20d', lunar_code: '1026ON0001' },
    { series: 'Batman', number: 'TP1', name: 'Batman: Seeded Book', format: 'trade_paperback', isbn: '978-1-4012-3205-4', price: 24.99 },
  ],
  members: [
    {
      username: 'reader', name: 'Rae Reader', tier: 'pro',
      tokens: [{ token: 'reader-full-token' }, { token: 'reader-lookup-only', scopes: ['lookup:barcode'] }],
      collection: [{ issue: 1, condition: 'VF', price_paid: 3 }, { issue: 2 }],
      wishlist: [3, { issue: 4, note: 'cover B' }],
      pull_list: ['Saga'],
      follows: [{ type: 'title', id: 1 }],
    },
    { username: 'samreads', collection: [{ issue: 5, condition: 'NM' }] },
  ],
};

const standIn = useStandIn({ clockStart: '2026-11-22T12:00:00Z', data: EXTRA });
const seeded = () => [...standIn().catalog().issues.values()].filter((i) => i.name.startsWith('Ghost Pines'));

describe('--data extend', () => {
  it('adds comics with derived names, barcodes, FOC dates and variants', async () => {
    const [one, two] = seeded();
    expect(one!.name).toBe('Ghost Pines #1');
    expect(one!.upc).toBe(BASE + comicAddOn(1, 1, 1));
    expect(one!.variants[1]!.upc).toBe(BASE + comicAddOn(1, 2, 1));
    expect(two!.releaseDate).toBe('2026-12-12');
    expect(two!.focDate).toBe('2026-11-28');
    const byVariant = shape(UpcLookup, (await call(standIn(), api(`/lookup/upc/${one!.variants[1]!.upc}`))).body);
    expect(byVariant).toMatchObject({ data: { id: one!.id, publisher: { name: 'Oni Press' } }, suggested_variant_id: one!.variants[1]!.id });
    const series = shape(Ambiguous, (await call(standIn(), api(`/lookup/upc/${BASE}`))).body);
    expect(series.total_count).toBe(2);
    const foc = shape(FocPage, (await call(standIn(), api('/discovery/foc?days=7&limit=50'))).body);
    expect(foc.data.map((i) => i.id)).toContain(two!.id);
    expect((await call(standIn(), api('/lookup/code/1026ON0001'))).status).toBe(200);
  });

  it('adds books found by ISBN-13 and ISBN-10', async () => {
    for (const isbn of ['9781401232054', '1401232051']) {
      const { data } = shape(IsbnLookup, (await call(standIn(), api(`/lookup/isbn/${isbn}`))).body);
      expect(data).toMatchObject({ name: 'Batman: Seeded Book', format: 'trade_paperback' });
    }
  });

  it('adds members with tokens, scopes and a library', async () => {
    const token = 'reader-full-token';
    const page = shape(CollectionPage, (await call(standIn(), api('/user/collections'), { token })).body);
    expect(page.data.map((c) => c.collectable_id)).toEqual([2, 1]);
    const wishlist = shape(WishlistPage, (await call(standIn(), api('/user/wishlist'), { token })).body);
    expect(wishlist.data.map((w) => w.entity.id)).toEqual([4, 3]);
    const pulls = shape(PullListPage, (await call(standIn(), api('/user/pull-list'), { token })).body);
    expect(pulls.data.map((p) => p.series.name)).toEqual(['Saga']);
    expect((await call(standIn(), api('/user'), { token: 'reader-lookup-only' })).status).toBe(403);
    expect((await call(standIn(), api('/lookup/upc/123456789012'), { token: 'reader-lookup-only' })).status).toBe(404);
  });

  it('fills a demo member’s library when the username matches', async () => {
    const check = shape(CollectionCheck, (await call(standIn(), api('/issues/5/collection/check'))).body);
    expect(check.in_collection).toBe(true);
  });
});

describe('--data replace', () => {
  it('serves only the file’s comics, keeping the demo tokens with empty libraries', async () => {
    const si = await startStandIn({
      port: 0,
      data: { mode: 'replace', series: [{ id: 10, name: 'Only Series', publisher: 1 }], issues: [{ series: 10, number: 1 }, { series: 10, number: 2, release_date: '+3d' }] },
    });
    try {
      expect(si.state().catalog).toMatchObject({ series: 1, issues: 2 });
      const page = shape(CollectionPage, (await call(si, api('/user/collections'))).body);
      expect(page.meta.total).toBe(0);
      const issue = [...si.catalog().issues.values()][0]!;
      expect((await call(si, api(`/issues/${issue.id}`))).status).toBe(200);
      expect((await call(si, api('/issues/1000'))).status).toBe(404);
    } finally {
      await si.stop();
    }
  });
});

describe('bad --data', () => {
  it.each([
    [{ issues: [{ series: 'Saga', number: 1, upc: '761941300011' }] }, /^issues\[0\]\.upc: UPC-A check digit should be \d, not 1/],
    [{ issues: [{ series: 'Saga', number: 1, upc: '12345' }] }, /^issues\[0\]\.upc: must be 12 digits/],
    [{ issues: [{ series: 'No Such Series', number: 1 }] }, /^issues\[0\]\.series: no series with id or name "No Such Series"/],
    [{ issues: [{ series: 'Saga', number: 1, release_date: 'soon' }] }, /^issues\[0\]\.release_date: must be YYYY-MM-DD/],
    [{ issues: [{ series: 'Saga', number: 1, isbn: '9781401232057' }] }, /^issues\[0\]\.isbn: ISBN-13 check digit should be 4/],
    [{ series: [{ name: 'X', publisher: 'Nobody' }] }, /^series\[0\]\.publisher: no publisher/],
    [{ members: [{ username: 'newbie', collection: [{ issue: 999999 }] }] }, /^members\[0\]\.collection\[0\]\.issue: no issue with id 999999/],
    [{ members: [{ username: 'newbie', collection: [{ issue: 1, condition: 'FN' }] }] }, /^members\[0\]\.collection\[0\]\.condition: The selected condition is invalid/],
    [{ members: [{ username: 'newbie', tokens: [{ token: 'longbox-demo-free' }] }] }, /^members\[0\]\.tokens\[0\]\.token: this token is already in use/],
    [{ mode: 'merge' }, /^mode: /],
  ])('refuses %j naming the field', async (data, message) => {
    const started = startStandIn({ port: 0, data });
    await expect(started).rejects.toBeInstanceOf(DataFileError);
    await expect(started).rejects.toThrow(message);
  });
});

describe('the README example', () => {
  it('is a valid --data file', async () => {
    const readme = readFileSync(join(import.meta.dirname, '..', '..', 'stand-in', 'README.md'), 'utf8');
    const example = /```json\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
    const si = await startStandIn({ port: 0, data: JSON.parse(example) });
    try {
      expect((await call(si, api('/user'), { token: 'reader-full-token' })).status).toBe(200);
    } finally {
      await si.stop();
    }
  });
});
