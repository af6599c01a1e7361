import type { ItemRule, SiteAdapter } from './types';

// PREVIEWSworld (Diamond's catalogue): every item is a Diamond code. Gallery items carry their title and
// Diamond's category number in attributes (dmd-title, dmd-cat; category 10 is toys and merchandise).
// The home page's Prevue sidebar shows covers only (no title, no price): not items.

const galleryItem: ItemRule = {
  container: '.slGalleryItem',
  title: ['@dmd-title', '.slGalleryItemTitle'],
  codes: ['.slGalleryItemDmdNo', '.slGalleryItemDmdNo a@href'],
  price: ['.slGalleryItemSRP'],
  category: ['@dmd-cat'],
  anchor: ['.slGalleryItemTitle'],
};

const sidebarItem: ItemRule = {
  container: '.SidebarBlock li',
  title: ['a.SidebarTitle', 'img@alt'],
  codes: ['a.SidebarTitle@href'],
  price: ['.SidebarSRP'],
};

export const previewsworld: SiteAdapter = {
  id: 'previewsworld',
  name: 'PREVIEWSworld',
  comicShop: true,
  matches: ['https://*.previewsworld.com/*'],
  categoryNames: { '1': 'Comics', '2': 'Magazines', '3': 'Graphic Novels', '4': 'Books', '10': 'Merchandise', '16': 'Toys' },
  pages: [
    {
      kind: 'product',
      url: /^\/Catalog\/(?!Prevue|Search)[A-Za-z]{3}\d{6}/i,
      items: [
        {
          container: '.CatalogFullDetail',
          title: ['h1.Title', 'h1', '#MainContentImage@alt'],
          codes: ['.ItemCode', '.UPC'],
          price: ['.SRP', '.Price'],
        },
        galleryItem,
        sidebarItem,
      ],
    },
    { kind: 'listing', url: /^\//, items: [galleryItem, sidebarItem] },
  ],
};
