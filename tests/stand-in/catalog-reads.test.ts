import { describe, expect, it } from 'vitest';
import { api, call, shape, useStandIn } from './helpers.ts';
import { ErrorMessage, IssueDetail, IssueList, ProRequired, SeriesDetail, SeriesIssues, Titles, Validation, Variants } from './schemas.ts';

// §3: catalog reads, and the PRO-only relations (402 for a free member).

const standIn = useStandIn({ clockStart: '2026-11-22T12:00:00Z' });
const seriesNamed = (slug: string) => [...standIn().catalog().series.values()].find((s) => s.slug === slug)!;

describe('GET /issues', () => {
  it('filters by series and sorts by number, with paging', async () => {
    const saga = seriesNamed('saga-2012');
    const answer = await call(standIn(), api(`/issues?series_id=${saga.id}&sort=issue_number&direction=asc&limit=10&page=2`));
    const body = shape(IssueList, answer.body);
    expect(body.data.map((i) => i.issue_number)).toEqual(['11', '12', '13', '14', '15', '16', '17', '18', '19', '20']);
    expect(body.meta).toMatchObject({ current_page: 2, per_page: 10, total: standIn().catalog().issuesBySeries.get(saga.id)!.length });
  });

  it('searches names, filters by publisher and release dates, and includes the series on request', async () => {
    const answer = await call(standIn(), api('/issues?q=spider-man&publisher_id=2&release_date_from=2024-01-01&release_date_to=2024-12-31&include=series&limit=100'));
    const body = shape(IssueList, answer.body);
    expect(body.data.length).toBeGreaterThan(10);
    for (const issue of body.data) {
      expect(issue.name.toLowerCase()).toContain('spider-man');
      expect(issue.release_date.startsWith('2024')).toBe(true);
    }
    // shape() drops keys it does not know; the raw body keeps the included series.
    expect((answer.body as { data: unknown[] }).data[0]).toHaveProperty('series.start_year');
  });

  it('refuses a limit over 100 with 422', async () => {
    const answer = await call(standIn(), api('/issues?limit=101'));
    expect(answer.status).toBe(422);
    expect(shape(Validation, answer.body).errors.limit).toBeDefined();
  });
});

describe('GET /issues/{id}', () => {
  it('has the newer detail shape: solicitation, content rating, codes, price as text', async () => {
    const issue = [...standIn().catalog().issues.values()].find((i) => i.lunarCode && i.diamondCode)!;
    const { data } = shape(IssueDetail, (await call(standIn(), api(`/issues/${issue.id}`))).body);
    expect(data).not.toHaveProperty('description');
    expect(data.lunar_code).toBe(issue.lunarCode);
    expect(data.diamond_code).toMatch(/^[A-Z]{3}\d{6}$/);
    expect(data.creators.length).toBeGreaterThan(0);
  });

  it('serves the cover it names as an SVG', async () => {
    const { data } = shape(IssueDetail, (await call(standIn(), api('/issues/1'))).body);
    const cover = await fetch(data.cover_url);
    expect(cover.status).toBe(200);
    expect(cover.headers.get('content-type')).toBe('image/svg+xml');
    expect(await cover.text()).toContain('#400');
  });

  it('answers 404 for an unknown id and for a slug', async () => {
    for (const path of ['/issues/999999', '/issues/batman-1']) {
      const answer = await call(standIn(), api(path));
      expect(answer.status).toBe(404);
      shape(ErrorMessage, answer.body);
    }
  });
});

describe('PRO-only relations', () => {
  const issueWithVariants = () => [...standIn().catalog().issues.values()].find((i) => i.variants.length >= 3)!;

  it('gives a PRO member the variants of an issue, and a free member 402', async () => {
    const issue = issueWithVariants();
    const pro = await call(standIn(), api(`/issues/${issue.id}/variants`), { token: standIn().tokens.pro });
    expect(shape(Variants, pro.body).data.map((v) => v.id)).toEqual(issue.variants.map((v) => v.id));
    const free = await call(standIn(), api(`/issues/${issue.id}/variants`));
    expect(free.status).toBe(402);
    shape(ProRequired, free.body);
  });

  it('lists a series’ issues with `number` for PRO, 402 for free', async () => {
    const saga = seriesNamed('saga-2012');
    const pro = await call(standIn(), api(`/series/${saga.id}/issues?limit=5`), { token: standIn().tokens.pro });
    const body = shape(SeriesIssues, pro.body);
    expect(body.data.map((i) => i.number)).toEqual(['1', '2', '3', '4', '5']);
    expect((await call(standIn(), api(`/series/${saga.id}/issues`))).status).toBe(402);
  });
});

describe('GET /series/{id} and /titles', () => {
  it('shows a running series with its FOC and upcoming issues', async () => {
    const saga = seriesNamed('saga-2012');
    const { data } = shape(SeriesDetail, (await call(standIn(), api(`/series/${saga.id}`))).body);
    expect(data.status).toBe('ongoing');
    expect(data.upcoming_issues.length).toBeGreaterThan(0);
    for (const issue of data.foc_issues) expect(issue.foc_date >= '2026-11-22').toBe(true);
    expect((await call(standIn(), api('/series/99999'))).status).toBe(404);
  });

  it('searches titles, filters by publisher and caps the limit at 50', async () => {
    const body = shape(Titles, (await call(standIn(), api('/titles?q=batman'))).body);
    expect(body.data.map((t) => t.name)).toContain('Batman');
    const batman = body.data.find((t) => t.name === 'Batman')!;
    expect(batman.series_count).toBeGreaterThan(3);
    const image = shape(Titles, (await call(standIn(), api('/titles?publisher=3&limit=50'))).body);
    expect(image.data.length).toBeGreaterThan(3);
    expect((await call(standIn(), api('/titles?limit=51'))).status).toBe(422);
  });
});

describe('GET /series', () => {
  interface SeriesRow { id: number; name: string; start_year: number; number: number; publisher: { name: string }; publication_type: string }
  const search = async (query: string) => {
    const answer = await call(standIn(), api(`/series?${query}`));
    expect(answer.status).toBe(200);
    return answer.body as { data: SeriesRow[]; meta: { total: number; last_page: number } };
  };

  it('finds every series of a name, punctuation and case aside, sorted by start year', async () => {
    const batman = await search('q=batman&limit=50&sort=start_year');
    const exact = batman.data.filter((s) => s.name === 'Batman');
    const years = exact.map((s) => s.start_year);
    expect(years).toEqual([...years].sort());
    expect(years).toEqual(expect.arrayContaining([1986, 2011, 2016, 2025]));
    expect(exact.every((s) => s.publisher.name === 'DC Comics' || s.publisher.name === 'DC')).toBe(true);
    expect(batman.data.some((s) => s.name === 'Absolute Batman')).toBe(true);
    expect((await search('q=spider%20man&limit=50')).data.some((s) => s.name === 'The Amazing Spider-Man')).toBe(true);
  });

  it('narrows by start year, publisher, publication type and language, with paging', async () => {
    expect((await search('q=batman&start_year=2016')).data.filter((s) => s.name === 'Batman').map((s) => s.number)).toEqual([3]);
    expect((await search('q=batman&publisher_id=2')).data).toEqual([]);
    expect((await search('q=watchmen&publication_type=collected_edition')).data.every((s) => s.publication_type === 'collected_edition')).toBe(true);
    expect((await search('q=batman&languages=fr')).data).toEqual([]);
    const paged = await search('limit=5&page=2');
    expect(paged.data).toHaveLength(5);
    expect(paged.meta.total).toBe(standIn().catalog().series.size);
    expect((await call(standIn(), api('/series?limit=500'))).status).toBe(422);
  });
});
