import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { noHtmlSink } from '../../modules/no-html-sink';

// modules/no-html-sink.ts: the bundled Preact loses its innerHTML assignment, and the build stops when
// that assignment is not where it was, or when our own code names dangerouslySetInnerHTML.

type Transform = (this: { error(message: string): never }, code: string, id: string) => { code: string } | null;

const transform = noHtmlSink().transform as unknown as Transform;
const context = {
  error(message: string): never {
    throw new Error(message);
  },
};
const run = (code: string, id: string) => transform.call(context, code, id);

const preactFile = createRequire(import.meta.url).resolve('preact');
const PREACT_ID = '/repo/node_modules/preact/dist/preact.mjs';

describe('no-html-sink', () => {
  it("takes the one innerHTML assignment out of the installed Preact's renderer", () => {
    const code = readFileSync(preactFile, 'utf8');
    expect(code).toMatch(/\.innerHTML=\w+\.__html/);
    const out = run(code, PREACT_ID);
    expect(out?.code).not.toMatch(/\.innerHTML\s*=/);
    expect(out?.code).toContain('dangerouslySetInnerHTML is not supported');
  });

  it('stops the build when the renderer no longer holds the assignment exactly once', () => {
    expect(() => run('function x(t){t.textContent=""}', PREACT_ID)).toThrow(/found 0/);
    expect(() => run('a.innerHTML=b.__html;c.innerHTML=d.__html', PREACT_ID)).toThrow(/found 2/);
  });

  it("stops the build when the project's own code uses dangerouslySetInnerHTML", () => {
    expect(() => run('<div dangerouslySetInnerHTML={{ __html: x }} />', '/repo/components/popup/Row.tsx')).toThrow(/not allowed/);
    expect(run('export const a = 1;', '/repo/components/popup/Row.tsx')).toBeNull();
    expect(run('x.dangerouslySetInnerHTML', '/repo/node_modules/other/index.js')).toBeNull();
  });
});
