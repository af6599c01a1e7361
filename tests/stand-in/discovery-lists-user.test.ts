import { describe, expect, it } from 'vitest';
import { api, call, shape, useStandIn } from './helpers.ts';
import { ErrorMessage, FocPage, FollowUpdates, FullUser, ListCreated, ListDetail, ListItemCreated, ProRequired, ShowcaseUser, UpcomingFirsts, Validation } from './schemas.ts';

// §1 profile, §10 discovery and §12 lists.

const standIn = useStandIn({ clockStart: '2026-11-22T12:00:00Z' });

describe('GET /user', () => {
  const profile = async (token?: string) => ((await call(standIn(), api('/user'), { token })).body as { data: Record<string, unknown> }).data;

  it('gives the full profile with is_pro, and the reduced one to a read:showcase token', async () => {
    expect(shape(FullUser, await profile())).toMatchObject({ username: 'samreads', is_pro: false });
    expect(shape(FullUser, await profile(standIn().tokens.pro)).is_pro).toBe(true);
    const showcase = await profile(standIn().tokens.connect);
    shape(ShowcaseUser, showcase);
    for (const hidden of ['email', 'birth_date', 'location_city', 'locale']) expect(showcase).not.toHaveProperty(hidden);
    for (const absent of ['tier', 'abilities', 'scopes']) expect(showcase).not.toHaveProperty(absent);
  });
});

describe('discovery', () => {
  it('lists FOC deadlines in the window, with the estimate note', async () => {
    const answer = await call(standIn(), api('/discovery/foc?days=14&limit=50'));
    const body = shape(FocPage, answer.body);
    expect(body.data.length).toBeGreaterThan(3);
    expect(body.meta).toMatchObject({ foc_window_days: 14, foc_start: '2026-11-22', foc_end: '2026-12-06' });
    for (const item of body.data) expect(item.foc_date >= '2026-11-22' && item.foc_date <= '2026-12-06').toBe(true);
    const dates = body.data.map((i) => i.foc_date);
    expect([...dates].sort()).toEqual(dates);
  });

  it('honours start_date, sort and the limits of days and limit', async () => {
    const later = shape(FocPage, (await call(standIn(), api('/discovery/foc?start_date=2026-12-01&days=30&sort=series'))).body);
    expect(later.meta.foc_start).toBe('2026-12-01');
    const names = later.data.map((i) => i.series.name);
    expect([...names].sort((a, b) => a.localeCompare(b))).toEqual(names);
    for (const bad of ['days=31', 'days=0', 'limit=51', 'start_date=tomorrow', 'start_date=2026-13-45', 'start_date=2026-02-30']) {
      expect((await call(standIn(), api(`/discovery/foc?${bad}`))).status).toBe(422);
    }
  });

  it('lists upcoming first issues', async () => {
    const body = shape(UpcomingFirsts, (await call(standIn(), api('/discovery/upcoming-firsts?days=90'))).body);
    expect(body.data.length).toBeGreaterThanOrEqual(4);
    expect(body.meta).toMatchObject({ lookahead_days: 90, window_start: '2026-11-22' });
    expect((await call(standIn(), api('/discovery/upcoming-firsts?days=91'))).status).toBe(422);
  });

  it('lists recent releases from follows, each with its reason', async () => {
    const body = shape(FollowUpdates, (await call(standIn(), api('/discovery/follow-updates?days=90&per_page=50'), { token: standIn().tokens.pro })).body);
    expect(body.data.length).toBeGreaterThan(5);
    for (const issue of body.data) {
      expect(body.follow_contexts[String(issue.id)]).toBeTruthy();
      expect(body.follow_types[String(issue.id)]).toBeTruthy();
    }
    expect(body.meta).toMatchObject({ days: 90, total_follows: 12, per_page: 50 });
    expect((await call(standIn(), api('/discovery/follow-updates?per_page=51'))).status).toBe(422);
  });
});

describe('lists', () => {
  it('creates a list, adds items (409 on a duplicate) and reads it back', async () => {
    const created = await call(standIn(), api('/lists'), { method: 'POST', body: { title: 'To read', entity_type: 'issues' } });
    expect(created.status).toBe(201);
    const list = shape(ListCreated, created.body).data;
    const [first, second] = [...standIn().catalog().issues.values()];
    const add = (entity_id: number, position?: number) => call(standIn(), api(`/lists/${list.id}/items`), { method: 'POST', body: { entity_id, note: 'soon', position } });
    const a = await add(first!.id);
    expect(a.status).toBe(201);
    expect(shape(ListItemCreated, a.body).data.listable).toEqual({ id: first!.id, number: first!.number });
    await add(second!.id, 1);
    const duplicate = await add(first!.id);
    expect(duplicate.status).toBe(409);
    expect(duplicate.body).toMatchObject({ message: 'This item is already in the list.', item: { id: shape(ListItemCreated, a.body).data.id } });
    const detail = shape(ListDetail, (await call(standIn(), api(`/lists/${list.id}`))).body).data;
    expect(detail.items.map((i) => i.listable.id)).toEqual([second!.id, first!.id]);
    expect(detail.items_count).toBe(2);
    expect((await add(999_999)).status).toBe(422);
  });

  it('keeps private lists private (403), answers 404 for unknown ones, and private lists need PRO', async () => {
    const pro = standIn().tokens.pro;
    const created = shape(ListCreated, (await call(standIn(), api('/lists'), { method: 'POST', token: pro, body: { title: 'Secret', is_private: true } })).body).data;
    expect((await call(standIn(), api(`/lists/${created.id}`), { token: pro })).status).toBe(200);
    const other = await call(standIn(), api(`/lists/${created.id}`));
    expect(other.status).toBe(403);
    expect(other.body).toEqual({ message: 'This list is private.' });
    const missing = await call(standIn(), api('/lists/999999'));
    expect(missing.status).toBe(404);
    shape(ErrorMessage, missing.body);
    const free = await call(standIn(), api('/lists'), { method: 'POST', body: { title: 'Mine', is_private: true } });
    expect(free.status).toBe(402);
    shape(ProRequired, free.body);
    expect((await call(standIn(), api(`/lists/${created.id}/items`), { method: 'POST', body: { entity_id: 1 } })).status).toBe(403);
    const noTitle = await call(standIn(), api('/lists'), { method: 'POST', body: {} });
    expect(shape(Validation, noTitle.body).errors.title).toEqual(['The title field is required.']);
  });
});
