// @vitest-environment happy-dom
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// `npm run detect -- <page.html> --url <address>`, run as people who maintain adapters run it.

const ROOT = join(import.meta.dirname ?? process.cwd(), '..', '..');
const TSX = join(ROOT, 'node_modules', '.bin', 'tsx');
const FIXTURES = join(ROOT, 'tests', 'fixtures', 'sites');

function run(...args: string[]) {
  const result = spawnSync(TSX, ['scripts/detect.ts', ...args], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('npm run detect', () => {
  it('prints the adapter and the items of a saved page as JSON', () => {
    const { status, stdout, stderr } = run(join(FIXTURES, 'dcbs', 'cart.html'), '--url', 'https://www.dcbservice.com/cart');
    expect(stderr).toBe('');
    expect(status).toBe(0);
    const report: unknown = JSON.parse(stdout);
    expect(report).toMatchObject({
      adapter: 'dcbs',
      items: expect.arrayContaining([
        {
          codes: [{ type: 'upc', value: '75960620807401011' }],
          title: 'Ultimate Spider-Man #10 Cvr A Marco Checchetto',
          series: 'Ultimate Spider-Man',
          number: '10',
          price: '$3.24',
          via: 'adapter:dcbs',
        },
      ]),
    });
  });

  it('reads a page under an address with no adapter, and --url=<address>', () => {
    const dir = mkdtempSync(join(tmpdir(), 'longbox-detect-'));
    const file = join(dir, 'page.html');
    writeFileSync(file, '<h1>Saga #1</h1><ul><li>UPC: 70985303005835011</li></ul>');
    const { status, stdout } = run(file, '--url=https://shop.example/saga-1');
    expect(status).toBe(0);
    expect(JSON.parse(stdout)).toEqual({
      adapter: 'generic',
      items: [{ codes: [{ type: 'upc', value: '70985303005835011' }], title: 'Saga #1', series: 'Saga', number: '1', price: null, via: 'label' }],
    });
  });

  it.each([
    ['a missing file', [join(FIXTURES, 'nope.html'), '--url', 'https://www.dcbservice.com/cart']],
    ['a directory', [FIXTURES, '--url', 'https://www.dcbservice.com/cart']],
    ['no --url', [join(FIXTURES, 'dcbs', 'cart.html')]],
    ['--url with no value', [join(FIXTURES, 'dcbs', 'cart.html'), '--url']],
    ['an address that is not one', [join(FIXTURES, 'dcbs', 'cart.html'), '--url', 'not an address']],
    ['no page', ['--url', 'https://www.dcbservice.com/cart']],
  ])('fails with one line on stderr and exit code 2 for %s', (_, args) => {
    const { status, stdout, stderr } = run(...args);
    expect(status).toBe(2);
    expect(stdout).toBe('');
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).toMatch(/^detect: /);
  });
});
