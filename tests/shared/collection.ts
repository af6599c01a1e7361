import type { StandIn } from '../../stand-in/index.ts';

// A member's copies as VerseDB lists them (GET /user/collections, every page), read with the member's
// token: what the order tests of every kind (HTTP, Chromium, Firefox) check the extension wrote.

export interface ServerCopy {
  id: number;
  issueId: number;
  pricePaid: number | null;
  purchasedAt: string | null;
  notes: string | null;
  condition: string | null;
}

export async function memberCopies(si: StandIn, token: string): Promise<ServerCopy[]> {
  const copies: ServerCopy[] = [];
  for (let page = 1; page < 100; page += 1) {
    const response = await fetch(`${si.url}/api/v1/user/collections?per_page=100&page=${page}`, { headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' } });
    if (!response.ok) throw new Error(`GET /user/collections: ${response.status}`);
    const body = (await response.json()) as { data: Array<Record<string, unknown>>; meta?: { last_page?: number } };
    for (const row of body.data) {
      const collectable = row.collectable as { id: number } | undefined;
      copies.push({
        id: row.id as number,
        issueId: collectable?.id ?? (row.issue_id as number),
        pricePaid: (row.price_paid as number | null) ?? null,
        purchasedAt: (row.purchased_at as string | null) ?? null,
        notes: (row.notes as string | null) ?? null,
        condition: (row.condition as string | null) ?? null,
      });
    }
    if (!body.meta?.last_page || page >= body.meta.last_page) break;
  }
  return copies;
}
