import { describe, expect, it } from 'vitest';
import type { RollupLog } from 'rollup';
import config from '../../wxt.config';

// The build's log: zod's misplaced `@__PURE__` comments are not printed (screens of them on every build);
// every other warning, and every error, still is.

async function rollupOnLog() {
  const vite = typeof config.vite === 'function' ? await config.vite({ browser: 'chrome', command: 'build', mode: 'e2e', manifestVersion: 3 }) : null;
  const onLog = vite?.build?.rollupOptions?.onLog;
  if (typeof onLog !== 'function') throw new Error('wxt.config.ts sets no rollupOptions.onLog');
  return (level: 'warn' | 'info' | 'debug', log: RollupLog): RollupLog[] => {
    const passed: RollupLog[] = [];
    onLog(level, log, (_level, passedOn) => void passed.push(typeof passedOn === 'string' ? { message: passedOn } : passedOn));
    return passed;
  };
}

const annotation = (id: string): RollupLog => ({
  code: 'INVALID_ANNOTATION',
  id,
  message: `A comment\n\n"// @__PURE__"\n\nin "${id}" contains an annotation that Rollup cannot interpret due to the position of the comment.`,
});

describe('build log', () => {
  it('drops the annotation warnings from packages’ code only', async () => {
    const log = await rollupOnLog();
    expect(log('warn', annotation('/work/main/node_modules/zod/v4/core/util.js'))).toEqual([]);
    const ours = annotation('/work/main/lib/library/sync.ts');
    expect(log('warn', ours)).toEqual([ours]);
  });

  it('keeps every other warning', async () => {
    const log = await rollupOnLog();
    const missing: RollupLog = { code: 'MISSING_EXPORT', id: '/work/main/lib/a.ts', message: '"x" is not exported by "lib/b.ts"' };
    expect(log('warn', missing)).toEqual([missing]);
    const info: RollupLog = { code: 'INVALID_ANNOTATION', id: '/work/main/node_modules/x.js', message: 'info-level' };
    expect(log('info', info)).toEqual([info]);
  });

  it('keeps the preact plugin', async () => {
    const vite = typeof config.vite === 'function' ? await config.vite({ browser: 'chrome', command: 'build', mode: 'e2e', manifestVersion: 3 }) : null;
    const names = (vite?.plugins ?? []).flat().map((plugin) => (plugin && typeof plugin === 'object' && 'name' in plugin ? plugin.name : null));
    expect(names.some((name) => typeof name === 'string' && name.startsWith('preact:'))).toBe(true);
  });
});
