// The test contract of the e2e build (tests, the demo, site maintainers checking a page): the
// data-longbox-* attributes and open shadow roots. A store build has neither, so nothing a store's own
// scripts can reach says what the member owns (the minifier drops every use of it there).
export const TEST_CONTRACT: boolean = import.meta.env.MODE === 'e2e';

/** Open for the e2e build's tests; closed in a store build, so the page cannot read inside. */
export const SHADOW_MODE: ShadowRootMode = TEST_CONTRACT ? 'open' : 'closed';
