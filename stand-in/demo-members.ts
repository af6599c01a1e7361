import { dayMs, DAY_MS } from './clock.ts';
import type { Catalog } from './catalog/index.ts';
import type { Issue, Series } from './catalog/types.ts';
import { CONNECT_ABILITIES, FULL_ACCESS, type Library, type Member } from './members.ts';
import { createPrng, type Prng } from './prng.ts';
import type { CopyFields, Grade } from './schemas.ts';

// The demo members: a free one with a few hundred copies and a PRO one with thousands, each with a
// wishlist, pull list, follows and lists, all derived from the catalog with a fixed seed.

export const DEMO_TOKENS = {
  /** Free member, every scope. */
  free: 'longbox-demo-free',
  /** PRO member, every scope. */
  pro: 'longbox-demo-pro',
  /** Free member, as a Connect site would hold it: read:public read:showcase. */
  connect: 'longbox-demo-connect',
  /** Free member, every scope but lookup:barcode. */
  noLookup: 'longbox-demo-no-lookup',
  /** Free member, revoked: always 401. */
  revoked: 'longbox-demo-revoked',
} as const;

export type DemoTokenName = keyof typeof DEMO_TOKENS;

const FREE_MEMBER: Member = {
  id: 1, name: 'Sam Okafor', username: 'samreads', email: 'sam@example.com', tier: 'free',
  bio: 'Reads Saga on the bus. Slowly filling the Absolute Batman run.', location: { city: 'Portland', state: 'OR', country: 'US' },
  birthDate: '1994-05-12', createdAt: '2022-03-14T18:20:00.000Z', pendingDeletion: false, xp: 2_450, contributions: 12,
};

const PRO_MEMBER: Member = {
  id: 2, name: 'Dana Whitfield', username: 'longboxdana', email: 'dana@example.com', tier: 'pro',
  bio: 'Thirty years of X-Men, Spider-Man and Batman, bagged and boarded.', location: { city: 'Columbus', state: 'OH', country: 'US' },
  birthDate: '1979-11-02', createdAt: '2016-08-01T12:00:00.000Z', pendingDeletion: false, xp: 48_900, contributions: 640,
};

const CONDITIONS: Grade[] = ['NM', 'NM', 'NM', 'NM-', 'NM-', 'VF/NM', 'VF+', 'VF', 'VF', 'F', 'VG'];
const SOURCES = ['comic_shop', 'comic_shop', 'comic_shop', 'online_retailer', 'convention', 'subscription', 'second_hand_store'] as const;

function copyFields(prng: Prng, issue: Issue, purchasedAt: string, signer: string | null): CopyFields {
  const graded = prng.chance(0.03);
  const age = 2026 - Number(issue.releaseDate.slice(0, 4));
  const paid = Number(issue.price) * (age > 20 ? prng.int(3, 12) : age > 5 ? prng.int(1, 3) : 1);
  const fields: CopyFields = {
    condition: prng.pick(CONDITIONS),
    price_paid: Math.round(paid * 100) / 100,
    estimated_value: Math.round(paid * (1 + prng.next()) * 100) / 100,
    purchase_source: prng.pick(SOURCES),
    purchased_at: purchasedAt,
    storage_location: `Longbox ${prng.int(1, 40)}`,
    is_public: prng.chance(0.9),
    status: 'owned',
    is_read: prng.chance(0.7),
  };
  if (graded) {
    Object.assign(fields, {
      graded: true, grade_score: prng.pick(['9.8', '9.6', '9.4']), grading_company: 'CGC', label_type: 'universal',
      page_quality: 'white', grading_number: String(prng.int(1_000_000_000, 4_999_999_999)),
    });
  }
  if (signer && prng.chance(0.02)) Object.assign(fields, { is_signed: true, signed_by: signer, signature_witness: 'witnessed_in_person' });
  if (prng.chance(0.05)) fields.notes = prng.pick(['Bought at Emerald City Comic Con.', 'Gift from my brother.', 'Spine ticks on the back cover.', 'From a dollar bin!']);
  return fields;
}

interface Seeder {
  catalog: Catalog;
  library: Library;
  prng: Prng;
  today: string;
}

function seriesBySlug(catalog: Catalog, slug: string): Series | undefined {
  return [...catalog.series.values()].find((s) => s.slug === slug);
}

/** Add copies of released issues; `share` of each series' issues, newest purchases last. */
function seedCollection(s: Seeder, member: Member, picks: Array<{ issues: Issue[]; share: number }>, extraCopyShare: number): void {
  const joined = Date.parse(member.createdAt);
  const todayMs = dayMs(s.today);
  const planned: Array<{ issue: Issue; at: number }> = [];
  for (const { issues, share } of picks) {
    for (const issue of issues) {
      if (issue.releaseDate > s.today || !s.prng.chance(share)) continue;
      const from = Math.max(dayMs(issue.releaseDate), joined);
      const at = from + Math.floor(s.prng.next() * Math.max(DAY_MS, todayMs - DAY_MS - from));
      planned.push({ issue, at });
      if (s.prng.chance(extraCopyShare)) planned.push({ issue, at: at + Math.floor((todayMs - DAY_MS - at) * s.prng.next()) });
    }
  }
  planned.sort((a, b) => a.at - b.at);
  for (const { issue, at } of planned) {
    const copyAt = Math.min(at, todayMs - 3_600_000);
    const variant = s.prng.chance(0.3) ? s.prng.pick(issue.variants) : null;
    const series = s.catalog.seriesOf(issue);
    const writer = s.catalog.creators.get(series.creators[0]?.creatorId ?? 0)?.name ?? null;
    const fields = copyFields(s.prng, issue, new Date(copyAt).toISOString().slice(0, 10), writer);
    if (member.tier === 'pro' && s.prng.chance(0.01)) Object.assign(fields, { status: 'sold', sold_at: s.today, price_sold: 40 });
    else if (member.tier === 'pro' && s.prng.chance(0.01)) Object.assign(fields, { status: 'for_sale', for_sale: true });
    s.library.addCopy(member.id, issue.id, variant?.id ?? null, fields, copyAt);
  }
}

function seedWishlist(s: Seeder, member: Member, candidates: Issue[], count: number): void {
  const owned = new Set(s.library.copiesOf(member.id).map((c) => c.issueId));
  const chosen = candidates.filter((issue) => !owned.has(issue.id)).slice(0, count);
  const base = dayMs(s.today) - count * DAY_MS;
  chosen.forEach((issue, i) => s.library.addWish(member.id, issue.id, null, i % 5 === 0 ? 'Check the variant covers first' : null, base + i * DAY_MS));
}

function issuesOf(s: Seeder, slug: string): Issue[] {
  const series = seriesBySlug(s.catalog, slug);
  return series ? (s.catalog.issuesBySeries.get(series.id) ?? []) : [];
}

function seedFollowsAndPulls(s: Seeder, member: Member, pullSlugs: string[], follows: Array<[Parameters<Library['addFollow']>[1], string]>): void {
  const at = Date.parse(member.createdAt) + 30 * DAY_MS;
  pullSlugs.forEach((slug, i) => {
    const series = seriesBySlug(s.catalog, slug);
    if (series) s.library.addPull(member.id, series.id, at + i * DAY_MS);
  });
  follows.forEach(([type, name], i) => {
    const pools = { title: s.catalog.titles, creator: s.catalog.creators, character: s.catalog.characters, team: s.catalog.teams, publisher: s.catalog.publishers };
    const pool: Map<number, { id: number; name: string }> | undefined = pools[type as keyof typeof pools];
    const target = pool ? [...pool.values()].find((item) => item.name === name) : undefined;
    if (target) s.library.addFollow(member.id, type, target.id, at + i * DAY_MS);
  });
}

function seedList(s: Seeder, member: Member, title: string, isPrivate: boolean, issues: Issue[]): void {
  const list = {
    id: s.library.nextId('list'), memberId: member.id, title, description: null, entityType: 'issues' as const,
    isRanked: true, isPrivate, items: [], likes: isPrivate ? 0 : 12, saves: isPrivate ? 0 : 3, createdAt: Date.parse(member.createdAt) + 90 * DAY_MS,
  };
  s.library.lists.set(list.id, {
    ...list,
    items: issues.map((issue, i) => ({ id: s.library.nextId('listItem'), entityType: 'issues', entityId: issue.id, variantId: null, position: i + 1, note: null })),
  });
}

/** The demo members and their tokens; `withLibraries: false` leaves their libraries empty (a replaced catalog). */
export function seedDemoMembers(library: Library, catalog: Catalog, today: string, withLibraries = true): void {
  const s: Seeder = { catalog, library, prng: createPrng(7_878), today };
  const free = library.addMember({ ...FREE_MEMBER });
  const pro = library.addMember({ ...PRO_MEMBER });
  const personal = { revoked: false, kind: 'personal' as const, expiresAt: null };
  library.tokens.set(DEMO_TOKENS.free, { ...personal, token: DEMO_TOKENS.free, memberId: free.id, abilities: [...FULL_ACCESS], name: 'Longbox (all scopes)' });
  library.tokens.set(DEMO_TOKENS.pro, { ...personal, token: DEMO_TOKENS.pro, memberId: pro.id, abilities: [...FULL_ACCESS], name: 'Longbox (all scopes)' });
  library.tokens.set(DEMO_TOKENS.connect, {
    token: DEMO_TOKENS.connect, memberId: free.id, abilities: [...CONNECT_ABILITIES], name: 'Longbox: localhost', kind: 'connect', revoked: false,
    expiresAt: dayMs(today) + 365 * DAY_MS,
  });
  library.tokens.set(DEMO_TOKENS.noLookup, {
    ...personal, token: DEMO_TOKENS.noLookup, memberId: free.id, abilities: FULL_ACCESS.filter((a) => a !== 'lookup:barcode'), name: 'Longbox (no lookups)',
  });
  library.tokens.set(DEMO_TOKENS.revoked, { ...personal, token: DEMO_TOKENS.revoked, memberId: free.id, abilities: [...FULL_ACCESS], name: 'Old laptop', revoked: true });
  if (!withLibraries) return;

  seedCollection(s, free, [
    { issues: issuesOf(s, 'saga-2012'), share: 0.95 },
    { issues: issuesOf(s, 'saga-2012-tpb').slice(0, 3), share: 1 },
    { issues: issuesOf(s, 'something-is-killing-the-children-2019'), share: 0.9 },
    { issues: issuesOf(s, 'absolute-batman-2024'), share: 0.9 },
    { issues: issuesOf(s, 'transformers-2023'), share: 0.85 },
    { issues: issuesOf(s, 'batman-2016').slice(0, 60), share: 0.9 },
    { issues: issuesOf(s, 'monstress-2015').slice(0, 30), share: 0.8 },
    { issues: [...catalog.issues.values()], share: 0.012 },
  ], 0.01);
  const freePulls = ['absolute-batman-2024', 'saga-2012', 'something-is-killing-the-children-2019', 'transformers-2023', 'ultimate-x-men-2024', 'batman-2025'];
  seedFollowsAndPulls(s, free, freePulls, [['title', 'Batman'], ['title', 'Saga'], ['creator', 'Tom King'], ['character', 'Spider-Man'], ['team', 'X-Men']]);
  seedWishlist(s, free, [
    ...freePulls.flatMap((slug) => issuesOf(s, slug).filter((i) => i.releaseDate > today)),
    ...issuesOf(s, 'the-amazing-spider-man-1984').filter((i) => i.isKey),
    ...issuesOf(s, 'monstress-2015'),
  ], 24);
  seedList(s, free, 'Start here: Saga', false, issuesOf(s, 'saga-2012').slice(0, 6));

  const favourites = [
    'batman-1986', 'detective-comics-1986', 'the-amazing-spider-man-1984', 'uncanny-x-men-1985', 'x-men-1991', 'spawn-1992',
    'the-walking-dead-2003', 'invincible-2003', 'the-sandman-1989', 'batman-2016', 'batman-2011', 'saga-2012', 'x-men-2024',
    'venom-2021', 'absolute-batman-2024', 'the-amazing-spider-man-2022', 'the-amazing-spider-man-2018',
  ];
  const favouriteIds = new Set(favourites.map((slug) => seriesBySlug(catalog, slug)?.id));
  seedCollection(s, pro, [
    ...favourites.map((slug) => ({ issues: issuesOf(s, slug), share: 0.93 })),
    { issues: [...catalog.issues.values()].filter((i) => !favouriteIds.has(i.seriesId)), share: 0.52 },
  ], 0.04);
  const proPulls = [
    'x-men-2024', 'uncanny-x-men-2024', 'the-amazing-spider-man-2025', 'absolute-batman-2024', 'absolute-superman-2024',
    'absolute-wonder-woman-2024', 'batman-2025', 'nightwing-2016', 'venom-2021', 'spawn-1992', 'saga-2012', 'fantastic-four-2022',
    'daredevil-2023', 'wolverine-2024', 'avengers-2023', 'ultimate-x-men-2024', 'superman-2023',
    'something-is-killing-the-children-2019', 'house-of-slaughter-2021', 'void-rivals-2023',
  ];
  seedFollowsAndPulls(s, pro, proPulls, [
    ['title', 'X-Men'], ['title', 'Spider-Man'], ['title', 'Batman'], ['title', 'Something is Killing the Children'],
    ['creator', 'James Tynion IV'], ['creator', 'Jonathan Hickman'], ['creator', 'Al Ewing'],
    ['character', 'Wolverine'], ['character', 'Wonder Woman'], ['team', 'Avengers'], ['team', 'Justice League'], ['publisher', 'Image Comics'],
  ]);
  seedWishlist(s, pro, [
    ...proPulls.flatMap((slug) => issuesOf(s, slug).filter((i) => i.releaseDate > today)),
    ...[...catalog.issues.values()].filter((i) => i.isKey),
  ], 60);
  seedList(s, pro, 'Best Batman stories', false, issuesOf(s, 'batman-2011').slice(0, 7));
  seedList(s, pro, 'Grails', true, issuesOf(s, 'the-amazing-spider-man-1984').filter((i) => i.isKey));
}
