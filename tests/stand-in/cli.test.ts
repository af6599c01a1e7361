import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// `npm run stand-in` as a child process: what it prints, its flags, and exit code 2 for bad input.

const ROOT = join(import.meta.dirname, '..', '..');
const running: ChildProcessWithoutNullStreams[] = [];

function run(args: string[]): ChildProcessWithoutNullStreams {
  const child = spawn(process.execPath, ['--import', 'tsx', 'stand-in/cli.ts', ...args], { cwd: ROOT });
  running.push(child);
  return child;
}

/** Run to the end; for flags that should make it stop at once. */
function finish(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = run(args);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}

/** Start it and wait for the banner. */
function started(args: string[]): Promise<{ child: ChildProcessWithoutNullStreams; banner: string; url: string }> {
  const child = run(args);
  let banner = '';
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      banner += chunk.toString();
      const url = /listening on (http:\/\/[\d.:]+)/.exec(banner)?.[1];
      if (url && banner.includes('Press Ctrl+C')) resolve({ child, banner, url });
    });
    child.on('close', (code) => reject(new Error(`exited ${code}: ${banner}`)));
  });
}

// A safety net: each test stops what it started, but a failed one may not get that far.
afterAll(() => {
  for (const child of running) if (child.exitCode === null) child.kill('SIGTERM');
});

describe('the stand-in CLI', () => {
  it.concurrent('prints its address and every demo token with member, tier and scopes, and serves the API', async () => {
    const { child, banner, url } = await started(['--port', '0', '--read-limit', '2']);
    expect(banner).toMatch(/listening on http:\/\/127\.0\.0\.1:\d+/);
    for (const text of ['Sam Okafor', 'free', 'Dana Whitfield', 'PRO', 'longbox-demo-free', 'longbox-demo-pro', 'longbox-demo-connect', 'read:public read:showcase', 'longbox-demo-no-lookup', 'except lookup:barcode', 'longbox-demo-revoked', 'REVOKED']) {
      expect(banner).toContain(text);
    }
    const get = () => fetch(`${url}/api/v1/issues/1`, { headers: { Authorization: 'Bearer longbox-demo-pro' } });
    expect((await get()).status).toBe(200);
    expect((await get()).status).toBe(200);
    expect((await get()).status).toBe(429);
    const exited = new Promise((resolve) => child.on('close', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });

  it.concurrent('loads a --data file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'stand-in-'));
    const file = join(dir, 'data.json');
    writeFileSync(file, JSON.stringify({ members: [{ username: 'cli_member', name: 'Cli Member', tokens: [{ token: 'cli-member-token' }] }] }));
    const { child, banner } = await started(['--port', '0', '--data', file]);
    child.kill('SIGTERM');
    expect(banner).toContain('Cli Member');
    expect(banner).toContain('cli-member-token');
  });

  // These stop at once, so they can run side by side.
  it.concurrent.each([
    [['--bogus'], /unknown flag --bogus/],
    [['--port', 'abc'], /--port must be a whole number/],
    [['--error-rate', '2'], /--error-rate must be a number from 0 to 1/],
    [['--latency'], /--latency needs a value/],
    [['--data', '/no/such/file.json'], /cannot read --data file/],
  ])('exits 2 with one line for %j', async (args, message) => {
    const { code, stderr } = await finish(args);
    expect(code).toBe(2);
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).toMatch(message);
  });

  it.concurrent('exits 2 naming the field of a bad --data file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'stand-in-'));
    const file = join(dir, 'bad.json');
    writeFileSync(file, JSON.stringify({ issues: [{ series: 'Saga', number: 1 }, { series: 'Saga', number: 2, upc: '761941300011' }] }));
    const { code, stderr } = await finish(['--port', '0', '--data', file]);
    expect(code).toBe(2);
    expect(stderr).toContain('issues[1].upc: UPC-A check digit should be');
  });

  it.concurrent('prints help', async () => {
    const { code, stdout } = await finish(['--help']);
    expect(code).toBe(0);
    expect(stdout).toContain('--read-day-limit');
  });
});
