import { describe, expect, it } from 'vitest';
import { api, call, useStandIn } from './helpers.ts';

// Realistic mode (stand-in/realistic.ts): answers as the real service may send them.

const standIn = useStandIn({ clockStart: '2026-11-22T12:00:00Z', realistic: { seed: 7 } });

interface Listed { data: Array<Record<string, unknown>> }

async function listed(path: string): Promise<Listed> {
  const answer = await call(standIn(), api(path));
  expect(answer.status).toBe(200);
  return answer.body as Listed;
}

describe('realistic mode', () => {
  it('adds a row whose catalog record was deleted to the first page of the wishlist and the pull list', async () => {
    const wishlist = await listed('/user/wishlist?per_page=100');
    expect(wishlist.data.at(-1)).toMatchObject({ entity: null });
    expect(wishlist.data.filter((row) => row.entity === null)).toHaveLength(1);
    const pulls = await listed('/user/pull-list?per_page=100');
    expect(pulls.data.at(-1)).toMatchObject({ series: null });
    // Later pages do not repeat it.
    expect((await listed('/user/wishlist?per_page=100&page=2')).data.every((row) => row.entity !== null)).toBe(true);
  });

  it('drops loose fields at random but never an id, an issue number or a series name, and sends variant ids as strings', async () => {
    const page = await listed('/user/collections?per_page=100');
    const rows = page.data;
    expect(rows.length).toBe(100);
    expect(rows.every((row) => typeof row.id === 'number' && typeof row.collectable_id === 'number')).toBe(true);
    const collectables = rows.map((row) => row.collectable as Record<string, unknown>);
    expect(collectables.every((c) => typeof c.issue_number === 'string' && typeof (c.series as { name?: unknown }).name === 'string')).toBe(true);
    // Some covers are null, some absent, most there.
    const covers = collectables.map((c) => ('cover_url' in c ? (c.cover_url === null ? 'null' : 'set') : 'absent'));
    for (const kind of ['null', 'absent', 'set']) expect(covers).toContain(kind);
    const variantIds = rows.map((row) => row.variant_id).filter((id) => id !== null && id !== undefined);
    expect(variantIds.length).toBeGreaterThan(0);
    expect(variantIds.every((id) => typeof id === 'string' && /^\d+$/.test(id))).toBe(true);
  });

  it('repeats the same answers after a reset (seeded)', async () => {
    standIn().reset();
    const first = await listed('/user/collections?per_page=20');
    standIn().reset();
    expect(await listed('/user/collections?per_page=20')).toEqual(first);
  });
});
