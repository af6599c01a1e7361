// The generated listing page the detection benchmark reads: a Midtown search page with its tiles.

const SERIES = ['Absolute Batman', 'Batman', 'Detective Comics', 'Ultimate Spider-Man', 'Saga', 'Transformers', 'Void Rivals', 'Spawn', 'X-Men', 'Nightwing', 'Something Is Killing The Children', 'Teenage Mutant Ninja Turtles'];
const COVERS = ['Cover A Nick Dragotta', 'Cover B Jim Lee Card Stock Variant', 'Cover C 1:25 Wes Craig Variant', '2nd Ptg Cover A', 'Cover A Jorge Jimenez'];

/** A Midtown search page with 1,000 product tiles (plus the store's header, filters and footer). */
export function listingPage(count: number): string {
  const tiles: string[] = [];
  for (let i = 0; i < count; i++) {
    const series = SERIES[i % SERIES.length] ?? 'Batman';
    const title = i % 10 === 9 ? `${series} Vol ${1 + (i % 7)} TP` : `${series} #${1 + (i % 150)} ${COVERS[i % COVERS.length]}`;
    const id = 2_200_000 + i;
    const slug = title.toLowerCase().replace(/[^a-z0-9]+/g, '-');
    tiles.push(`<div class="col-6 col-md-4 col-lg-3 product-tile" data-pr-id="${id}">
  ${i % 3 === 0 ? '<span class="badge badge-preorder">Pre-Order</span>' : ''}
  <a href="/product/${id}/${slug}" class="tile-img"><img src="https://www.midtowncomics.com/images/PRODUCT/LRG/${id}_lrg.jpg" alt="${title}" loading="lazy"></a>
  <div class="tile-body">
    <a href="/product/${id}/${slug}" class="tile-title">${title}</a>
    <div class="tile-release">Release Date: 0${1 + (i % 9)}/1${i % 10}/2025</div>
    <div class="tile-price"><span class="reg-price strike">$4.99</span> <span class="discounted-price">$3.${10 + (i % 89)}</span></div>
    <button class="btn btn-red btn-sm add-cart" data-pr-id="${id}">Add to Cart</button>
  </div>
</div>`);
  }
  const nav = Array.from({ length: 40 }, (_, i) => `<li><a href="/section/${i}">Section ${i}</a></li>`).join('');
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Search | Midtown Comics</title></head>
<body class="mt-body"><header id="mt-header"><nav><ul>${nav}</ul></nav></header>
<main id="main" class="container search-page"><ol class="breadcrumb"><li><a href="/">Home</a></li><li class="active">Search</li></ol>
<div class="row"><aside class="col-md-3 search-filters"><h3>Refine Results</h3><ul>${nav}</ul></aside>
<section class="col-md-9 search-results"><div class="results-header"><h1>Search results for “batman”</h1></div>
<div class="row product-grid">${tiles.join('\n')}</div></section></div></main>
<footer id="mt-footer"><p class="phone">Call us: (212) 302-8192</p><ul>${nav}</ul></footer></body></html>`;
}

