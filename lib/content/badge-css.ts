// The badge's styles, inside its shadow root: the store's CSS cannot reach them, nor they the store.
// Written compact on purpose: this string ships in every store's content script.
export const BADGE_CSS =
  // The host is `all:initial` (the page's styles stop there), which also beats :host rules: the
  // font is set on the pill and the menu themselves, else badges come out in the browser's serif.
  // One width in every state: a page can measure a badge's box even through a closed shadow root, so
  // the box must not tell owned from not owned (the words are in the tooltip and the menu too).
  '.pill{all:unset;box-sizing:border-box;display:inline-flex;align-items:center;gap:4px;cursor:pointer;padding:1px 8px;width:128px;height:19px;' +
  'overflow:hidden;text-overflow:ellipsis;border-radius:999px;font:600 11px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;white-space:nowrap;border:1px solid #c6cbd3;background:#fff;color:#3b4250}' +
  '.pill::before{flex:none;content:"";width:7px;height:7px;border-radius:50%;background:currentColor;opacity:.8}' +
  // A key issue: the dot becomes a gold diamond with a dark edge, the same size, so the box is the same.
  '.key::before{border-radius:1px;transform:rotate(45deg);background:#e0a800;box-shadow:0 0 0 1px #5c4200;opacity:1}' +
  '.pill:focus-visible{outline:2px solid #1d3a8a;outline-offset:1px}' +
  '.owned{background:#e3f6e8;color:#14632c;border-color:#9ad5aa}' +
  '.wishlist{background:#f1e8fb;color:#5b2a8c;border-color:#cdb2ea}' +
  '.pull-list{background:#e6eefc;color:#1d3a8a;border-color:#a9c0ef}' +
  '.ambiguous{background:#fff4d6;color:#7a4b00;border-color:#f0cf7a}' +
  '.not-found,.pending{background:#f4f5f7;color:#6b7280;border-color:transparent}' +
  '.signed-out{color:#1d3a8a;border-color:#1d3a8a}' +
  '.paused{background:#fdf1e6;color:#8a4a0b;border-color:#f0c293}' +
  '.error{background:#fdeaea;color:#9b1c1c;border-color:#f1a9a9}' +
  // Where the menu opens; how it looks comes with its code (MENU_CSS in ./menu.ts, loaded on the first click).
  '.menu{position:absolute;z-index:2147483647;top:calc(100% + 4px);left:0;width:260px;background:#fff;font:12px/1.35 system-ui,sans-serif}' +
  '.menu[hidden]{display:none}' +
  // Over a cover's corner (the host takes no space), and the compact pill: the state in its colour, the words in its tooltip.
  '.over{position:absolute;top:4px;left:4px;box-shadow:0 1px 4px rgba(0,0,0,.35)}.over~.menu{top:27px;left:4px}' +
  // Over the free end of the title's line: the host is a point on its baseline.
  '.after{position:absolute;left:4px;bottom:-5px}.after~.menu{top:9px;left:4px}' +
  '.above{position:absolute;right:0;bottom:14px}.below{position:absolute;right:0;top:5px}.above~.menu,.below~.menu{top:26px;left:auto;right:0}' +
  '.compact{width:22px;padding:0;gap:0;justify-content:center;font-size:0}';
