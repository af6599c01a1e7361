import type { Plugin } from 'vite';
import { addViteConfig, defineWxtModule } from 'wxt/modules';

// Longbox renders page text only as text: no component sets `dangerouslySetInnerHTML`, and no code of ours
// writes `innerHTML`. Preact's renderer still carries the one assignment that prop would reach
// (`dom.innerHTML = props.dangerouslySetInnerHTML.__html`), so every bundle with Preact held an HTML sink
// that nothing used, and addons.mozilla.org's linter flags it (UNSAFE_VAR_ASSIGNMENT) in the Firefox build.
//
// This module (a WXT local module, loaded from modules/ for every build) takes the sink out of the bundled
// Preact: the assignment becomes a thrown error, so the prop, if someone ever used it, would fail loudly in
// the tests instead of writing HTML. Two guards keep it honest:
// - the build fails when Preact's code does not hold that assignment exactly once (a Preact upgrade that
//   changed it must be looked at again, never silently left with its sink);
// - the build fails when a source file of the project names `dangerouslySetInnerHTML`.

const PREACT_RENDERER = /\/node_modules\/preact\/dist\/preact\.mjs$/;
/** `<dom>.innerHTML=<props>.__html`, as Preact's minified renderer writes it. */
const SINK = /\b([A-Za-z_$][\w$]*)\.innerHTML=([A-Za-z_$][\w$]*)\.__html\b/g;
const REFUSED = '(()=>{throw Error("Longbox: dangerouslySetInnerHTML is not supported (page text is shown only as text)")})()';

export function noHtmlSink(): Plugin {
  return {
    name: 'longbox-no-html-sink',
    enforce: 'pre',
    transform(code, id) {
      const file = id.split('?')[0] ?? id;
      if (PREACT_RENDERER.test(file)) {
        const found = code.match(SINK)?.length ?? 0;
        if (found !== 1) {
          this.error(`modules/no-html-sink.ts: expected Preact's renderer to assign innerHTML once, found ${found} (did Preact change?)`);
        }
        return { code: code.replace(SINK, REFUSED), map: null };
      }
      if (!file.includes('/node_modules/') && /\.[cm]?[jt]sx?$/.test(file) && code.includes('dangerouslySetInnerHTML')) {
        this.error(`${file}: dangerouslySetInnerHTML is not allowed in Longbox (modules/no-html-sink.ts); render text, not HTML`);
      }
      return null;
    },
  };
}

export default defineWxtModule({
  name: 'longbox-no-html-sink',
  setup(wxt) {
    addViteConfig(wxt, () => ({ plugins: [noHtmlSink()] }));
  },
});
