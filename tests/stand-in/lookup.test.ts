import { describe, expect, it } from 'vitest';
import { isbn13To10 } from '../../stand-in/barcodes.ts';
import { api, call, shape, useStandIn } from './helpers.ts';
import { Ambiguous, CodeLookup, ErrorMessage, IsbnLookup, UpcLookup } from './schemas.ts';

// §2: UPC, ISBN and distributor-code lookups.

const standIn = useStandIn({ clockStart: '2026-11-22T12:00:00Z' });

function modernIssue() {
  const catalog = standIn().catalog();
  const issue = [...catalog.issues.values()].find((i) => i.upc?.length === 17 && i.variants.length >= 3 && catalog.issuesBySeries.get(i.seriesId)!.length > 5);
  if (!issue) throw new Error('no modern issue with variants');
  return issue;
}

describe('UPC lookup', () => {
  it('resolves a 17-digit code to its issue and exact variant', async () => {
    const issue = modernIssue();
    const variant = issue.variants[1]!;
    const answer = await call(standIn(), api(`/lookup/upc/${variant.upc}`));
    expect(answer.status).toBe(200);
    const body = shape(UpcLookup, answer.body);
    expect(body.data.id).toBe(issue.id);
    // The variant sits beside `data`, as the newer SDK models put it; `data` is the issue, with its own code.
    expect(body.suggested_variant_id).toBe(variant.id);
    expect(body.data.upc).toBe(issue.upc);
    expect(body.variants.find((v) => v.upc === variant.upc)?.variant_id).toBe(String(variant.id));
  });

  it('resolves an unknown printing or cover of a known issue number to that issue', async () => {
    const issue = modernIssue();
    const code = `${issue.upc!.slice(0, 15)}93`; // cover 9, 3rd printing: not in the catalog
    const answer = await call(standIn(), api(`/lookup/upc/${code}`));
    expect(answer.status).toBe(200);
    expect(shape(UpcLookup, answer.body).data.id).toBe(issue.id);
  });

  it('answers 409 with every issue of the series for a modern 12-digit base', async () => {
    const issue = modernIssue();
    const siblings = standIn().catalog().issuesBySeries.get(issue.seriesId)!;
    const answer = await call(standIn(), api(`/lookup/upc/${issue.upc!.slice(0, 12)}`));
    expect(answer.status).toBe(409);
    const body = shape(Ambiguous, answer.body);
    expect(body.total_count).toBe(siblings.length);
    expect(body.count).toBe(body.matches.length);
    expect(body.matches.every((m) => m.series_id === issue.seriesId)).toBe(true);
    // Newest first.
    expect(body.matches[0]!.release_date >= body.matches[1]!.release_date).toBe(true);
    expect(body.matches[0]!.variants.length).toBeGreaterThan(0);
  });

  it('answers 409 for a pre-1995 barcode shared by many issues, capped at 50 matches', async () => {
    const catalog = standIn().catalog();
    const old = [...catalog.issues.values()].find((i) => i.releaseDate < '1990-01-01' && i.upc?.length === 12)!;
    const answer = await call(standIn(), api(`/lookup/upc/${old.upc}`));
    const body = shape(Ambiguous, answer.body);
    expect(answer.status).toBe(409);
    expect(body.count).toBeLessThanOrEqual(50);
    expect(body.total_count).toBeGreaterThan(body.count);
    expect(body.matches.some((m) => m.variants.length > 0)).toBe(true);
  });

  it('accepts the EAN-13 form (leading zero) and answers 404 for unknown codes', async () => {
    const issue = modernIssue();
    expect((await call(standIn(), api(`/lookup/upc/0${issue.upc}`))).status).toBe(200);
    expect((await call(standIn(), api('/lookup/upc/%zz'))).status).toBe(404);
    const missing = await call(standIn(), api('/lookup/upc/123456789012'));
    expect(missing.status).toBe(404);
    expect(shape(ErrorMessage, missing.body).message).toBe('No issue found with UPC: 123456789012');
  });
});

describe('ISBN lookup', () => {
  const book = () => [...standIn().catalog().issues.values()].find((i) => i.isbn?.startsWith('978'))!;

  it('finds a book by ISBN-13, with or without dashes', async () => {
    const isbn = book().isbn!;
    for (const form of [isbn, `${isbn.slice(0, 3)}-${isbn.slice(3, 4)}-${isbn.slice(4, 9)}-${isbn.slice(9, 12)}-${isbn.slice(12)}`]) {
      const answer = await call(standIn(), api(`/lookup/isbn/${form}`));
      expect(answer.status).toBe(200);
      const { data } = shape(IsbnLookup, answer.body);
      expect(data.id).toBe(book().id);
      expect(data.format).toBe('trade_paperback');
    }
  });

  it('finds the same book by its ISBN-10', async () => {
    const answer = await call(standIn(), api(`/lookup/isbn/${isbn13To10(book().isbn!)}`));
    expect(shape(IsbnLookup, answer.body).data.id).toBe(book().id);
  });

  it('finds 979 books, and the UPC lookup reads a 978/979 EAN as an ISBN', async () => {
    const newer = [...standIn().catalog().issues.values()].find((i) => i.isbn?.startsWith('979'))!;
    expect(shape(IsbnLookup, (await call(standIn(), api(`/lookup/isbn/${newer.isbn}`))).body).data.id).toBe(newer.id);
    expect(shape(UpcLookup, (await call(standIn(), api(`/lookup/upc/${newer.isbn}`))).body).data.id).toBe(newer.id);
  });

  it('answers 404 for an unknown ISBN', async () => {
    const answer = await call(standIn(), api('/lookup/isbn/9780000000002'));
    expect(answer.status).toBe(404);
    shape(ErrorMessage, answer.body);
  });
});

describe('distributor code lookup', () => {
  const coded = () => [...standIn().catalog().issues.values()].find((i) => i.lunarCode && i.universalCode && i.variants.length > 1 && i.variants[1]!.lunarCode)!;

  it('finds an issue by Lunar code, case-insensitive, with all three codes', async () => {
    const issue = coded();
    const answer = await call(standIn(), api(`/lookup/code/${issue.lunarCode!.toLowerCase()}`));
    expect(answer.status).toBe(200);
    const { data } = shape(CodeLookup, answer.body);
    expect(data.id).toBe(issue.id);
    expect(data.lunar_code).toBe(issue.lunarCode);
    expect(data.universal_code).toBe(issue.universalCode);
  });

  it('finds an issue by Universal code, and a variant by its own code', async () => {
    const issue = coded();
    expect(shape(CodeLookup, (await call(standIn(), api(`/lookup/code/${issue.universalCode}`))).body).data.id).toBe(issue.id);
    const variant = issue.variants[1]!;
    const body = shape(CodeLookup, (await call(standIn(), api(`/lookup/code/${variant.lunarCode}`))).body);
    expect(body.suggested_variant_id).toBe(variant.id);
    expect(body.variants.find((v) => v.lunar_code === variant.lunarCode)?.variant_id).toBe(String(variant.id));
  });

  it('answers 422 for something that is not a Lunar or Universal code, 404 for an unknown one', async () => {
    for (const code of ['MAR180454', 'hello', '12345']) {
      const answer = await call(standIn(), api(`/lookup/code/${code}`));
      expect(answer.status).toBe(422);
      shape(ErrorMessage, answer.body);
    }
    expect((await call(standIn(), api('/lookup/code/0199ZZ9999'))).status).toBe(404);
  });
});
