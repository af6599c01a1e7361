import type { ItemRule, SiteAdapter } from './types';

// Amazon (books and comics). A book's ASIN is its ISBN-10, so every card's data-asin is a code; Kindle and
// comiXology editions (B0... ASINs) are read by title. Product pages give "ISBN-13 : 978-..." with
// direction marks around the colon. Sponsored cards link through /sspa/click, so the product key is the
// /dp/<ASIN> inside the address, not its path.

const card: ItemRule = {
  container: 'li.sims-fbt-image-box[data-asin], .p13n-asin[data-asin]',
  title: ['.a-truncate-full', '.p13n-sc-truncated', '.sims-fbt-title a', 'img@alt'],
  codes: ['@data-asin'],
  price: ['.a-price .a-offscreen', '.a-color-price'],
  category: ['.a-size-base.a-color-secondary'],
  anchor: ['.a-truncate', '.p13n-sc-truncated', '.sims-fbt-title a', 'img'],
};

const searchResult: ItemRule = {
  container: 'div[data-component-type="s-search-result"][data-asin]',
  title: ['h2@aria-label', 'h2 a span', 'h2', 'img.s-image@alt'],
  codes: ['@data-asin'],
  price: ['.a-price:not(.a-text-price) .a-offscreen', '.a-price .a-offscreen'],
  anchor: ['h2'],
};

export const amazon: SiteAdapter = {
  id: 'amazon',
  name: 'Amazon',
  // The shop's own hosts only: sign-in, payment and seller consoles live on other hosts and paths.
  matches: ['https://www.amazon.com/*', 'https://www.amazon.co.uk/*', 'https://www.amazon.ca/*'],
  excludeMatches: ['com', 'co.uk', 'ca'].flatMap((tld) =>
    ['ap', 'gp/buy', 'gp/css', 'cpe', 'a/addresses', 'hz', 'your-account', 'gp/your-account'].map((path) => `https://www.amazon.${tld}/${path}/*`),
  ),
  domains: ['https://*.amazon.com/*', 'https://*.amazon.co.uk/*', 'https://*.amazon.ca/*'],
  productKey: /\/(?:dp|gp\/product|gp\/aw\/d)\/([A-Z0-9]{10})(?=[/?&#]|$)/,
  pages: [
    {
      kind: 'product',
      url: /\/(?:dp|gp\/product)\/[A-Z0-9]{10}/,
      items: [
        {
          container: '#dp-container, #dp',
          title: ['#productTitle', '#title', '#ebooksProductTitle'],
          labelled: ['#detailBullets_feature_div', '#productDetails_techSpec_section_1', '#productDetails_detailBullets_sections1', '#rpi-attribute-book_details-isbn13'],
          price: ['#corePrice_feature_div .a-offscreen', '#price', '.a-price .a-offscreen'],
          category: ['#wayfinding-breadcrumbs_container'],
          link: ['link[rel="canonical"]@href'],
          anchor: ['#productTitle'],
        },
        card,
      ],
    },
    { kind: 'search', url: /^\/s\b/, items: [searchResult, card] },
    {
      kind: 'cart',
      url: /^\/(?:gp\/cart|cart)\b/,
      items: [
        {
          container: '.sc-list-item[data-asin]',
          title: ['.a-truncate-full', '.sc-product-title', 'img@alt'],
          codes: ['@data-asin'],
          price: ['.sc-product-price', '.sc-price'],
          anchor: ['.sc-product-title'],
        },
        card,
      ],
    },
    { kind: 'listing', url: /^\//, items: [searchResult, card] },
  ],
};
