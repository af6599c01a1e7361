import type { StandIn } from '../../stand-in/index.ts';

// The badge benches' page (bench/badges.ts, bench/profile-badges.ts): a Midtown search listing of tiles,
// each a comic by title only, as Midtown writes them.

/** The titles of the first `count` single issues of the stand-in's catalog: comics the member owns and others. */
export function listingTitles(si: StandIn, count = 100): string[] {
  const catalog = si.catalog();
  const titles: string[] = [];
  for (const issue of catalog.issues.values()) {
    if (titles.length >= count) break;
    const series = catalog.series.get(issue.seriesId);
    if (!series || issue.format !== 'single') continue;
    titles.push(`${series.name} #${issue.number} Cover A`);
  }
  return titles;
}

function tile(title: string, i: number): string {
  return `<div class="product-tile"><a href="/product/${1000 + i}"><img src="/i/${i}.jpg" alt="${title}"></a>
  <a class="tile-title" href="/product/${1000 + i}">${title}</a><div class="tile-price"><span class="price">$4.99</span></div></div>`;
}

/** The search page listing these titles, one tile each. */
export function listingPage(titles: readonly string[]): string {
  return `<!doctype html><html><head><title>Search | Midtown Comics</title></head><body>
  <section class="search-results">${titles.map(tile).join('\n')}</section></body></html>`;
}
