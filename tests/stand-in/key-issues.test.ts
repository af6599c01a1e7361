import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { api, call, shape, useStandIn } from './helpers.ts';
import { IssueList, ProRequired, Validation } from './schemas.ts';

// Key issues (interface spec §1, §4.4): `key_issues_only` with `series_ids`, an issue's reasons (PRO), the
// kinds of key.

const standIn = useStandIn({ clockStart: '2026-11-22T12:00:00Z' });
const seriesNamed = (slug: string) => [...standIn().catalog().series.values()].find((s) => s.slug === slug)!;

const KeyReasons = z.object({
  data: z.array(z.object({ id: z.number().int(), name: z.string(), category: z.string(), description: z.string(), notes: z.string(), source: z.string() })),
});
const ReasonKinds = z.object({ data: z.array(z.object({ id: z.number().int(), name: z.string(), category: z.string(), description: z.string() })) });

describe('key issues in the catalog', () => {
  it('marks a few issues along a long run besides its first, the same on every start', async () => {
    const series = seriesNamed('the-amazing-spider-man-1984');
    const run = standIn().catalog().issuesBySeries.get(series.id)!;
    const keys = run.filter((issue) => standIn().catalog().isKeyIssue(issue));
    expect(run.length).toBeGreaterThan(60);
    expect(keys.length).toBeGreaterThanOrEqual(3);
    expect(keys.length).toBeLessThan(run.length / 5);
    const again = await (await import('../../stand-in/index.ts')).startStandIn({ port: 0, clockStart: '2026-11-22T12:00:00Z' });
    try {
      const same = again.catalog().issuesBySeries.get(series.id)!.filter((issue) => again.catalog().isKeyIssue(issue));
      expect(same.map((i) => i.id)).toEqual(keys.map((i) => i.id));
    } finally {
      await again.stop();
    }
  });

  it('gives no collected edition a key', () => {
    const catalog = standIn().catalog();
    const books = [...catalog.issues.values()].filter((i) => i.format !== 'single');
    expect(books.length).toBeGreaterThan(0);
    expect(books.some((i) => catalog.isKeyIssue(i))).toBe(false);
  });
});

describe('GET /issues?key_issues_only=true&series_ids=…', () => {
  it('lists exactly the key issues of several series, paged', async () => {
    const catalog = standIn().catalog();
    const ids = ['the-amazing-spider-man-1984', 'batman-2016', 'saga-2012'].map((slug) => seriesNamed(slug).id);
    const expected = ids.flatMap((id) => catalog.issuesBySeries.get(id)!.filter((i) => catalog.isKeyIssue(i)).map((i) => i.id)).sort((a, b) => a - b);
    const first = shape(IssueList, (await call(standIn(), api(`/issues?series_ids=${ids.join(',')}&key_issues_only=true&limit=3&page=1&sort=issue_number&direction=asc`))).body);
    expect(first.meta).toMatchObject({ current_page: 1, per_page: 3, total: expected.length });
    const all = [...first.data];
    for (let page = 2; page <= first.meta.last_page; page++) {
      all.push(...shape(IssueList, (await call(standIn(), api(`/issues?series_ids=${ids.join(',')}&key_issues_only=true&limit=3&page=${page}&sort=issue_number&direction=asc`))).body).data);
    }
    expect(all.map((i) => i.id).sort((a, b) => a - b)).toEqual(expected);
    expect(all.every((i) => ids.includes(i.series_id))).toBe(true);
  });

  it('reads key_issues_only=false as every issue', async () => {
    const saga = seriesNamed('saga-2012');
    const body = shape(IssueList, (await call(standIn(), api(`/issues?series_id=${saga.id}&key_issues_only=false&limit=1`))).body);
    expect(body.meta.total).toBe(standIn().catalog().issuesBySeries.get(saga.id)!.length);
  });
});

describe('GET /issues/{id}/key-reasons', () => {
  const keyOf = (slug: string) => standIn().catalog().issuesBySeries.get(seriesNamed(slug).id)!.find((i) => standIn().catalog().isKeyIssue(i) && i.number !== '1')!;

  it('names each reason with the words written for the issue, for a PRO member', async () => {
    const issue = keyOf('the-amazing-spider-man-1984');
    const answer = await call(standIn(), api(`/issues/${issue.id}/key-reasons`), { token: standIn().tokens.pro });
    expect(answer.status).toBe(200);
    const { data } = shape(KeyReasons, answer.body);
    expect(data.length).toBeGreaterThan(0);
    expect(data[0]!.notes).toMatch(/\S/);
  });

  it('answers an issue that is no key with an empty list', async () => {
    const catalog = standIn().catalog();
    const plain = [...catalog.issues.values()].find((i) => i.format === 'single' && !catalog.isKeyIssue(i))!;
    const { data } = shape(KeyReasons, (await call(standIn(), api(`/issues/${plain.id}/key-reasons`), { token: standIn().tokens.pro })).body);
    expect(data).toEqual([]);
  });

  it('refuses a free member with 402 and the upgrade address', async () => {
    const issue = keyOf('the-amazing-spider-man-1984');
    const answer = await call(standIn(), api(`/issues/${issue.id}/key-reasons`));
    expect(answer.status).toBe(402);
    expect(shape(ProRequired, answer.body).error).toBe('pro_required');
  });

  it('answers 404 for an unknown issue', async () => {
    expect((await call(standIn(), api('/issues/999999/key-reasons'), { token: standIn().tokens.pro })).status).toBe(404);
  });
});

describe('GET /key-issue-reasons', () => {
  it('lists the kinds of key, by category or by name', async () => {
    const all = shape(ReasonKinds, (await call(standIn(), api('/key-issue-reasons'))).body).data;
    expect(all.length).toBeGreaterThanOrEqual(5);
    const appearance = shape(ReasonKinds, (await call(standIn(), api('/key-issue-reasons?category=appearance'))).body).data;
    expect(appearance.length).toBeGreaterThan(0);
    expect(appearance.every((k) => k.category === 'appearance')).toBe(true);
    const named = shape(ReasonKinds, (await call(standIn(), api('/key-issue-reasons?q=death&limit=1'))).body).data;
    expect(named.map((k) => k.name)).toEqual(['Death']);
  });

  it('refuses an unknown category and a limit over 100 with 422', async () => {
    expect(shape(Validation, (await call(standIn(), api('/key-issue-reasons?category=rare'))).body).errors.category).toBeDefined();
    expect(shape(Validation, (await call(standIn(), api('/key-issue-reasons?q=a&limit=101'))).body).errors.limit).toBeDefined();
  });
});
