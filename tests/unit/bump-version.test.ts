import { spawnSync } from 'node:child_process';
import { copyFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { moveUnreleased, nextVersion } from '../../scripts/bump-version.mjs';

// scripts/bump-version.mjs (npm run version:bump), run as the CLI on copies of package.json and
// package-lock.json and on a CHANGELOG of its own, in a temporary folder: the real files are never touched.

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const script = path.join(repo, 'scripts/bump-version.mjs');

const CHANGELOG = `# Changelog

Notes.

## [Unreleased]

### Added

- Key issue marks on the popup's rows.

### Fixed

- The FOC list's dates in the last hour of a day.

## [0.1.0] - 2026-12-02

### Added

- The first release.
`;

let dir: string;
let realBefore: string[];

const readRepoFiles = () => Promise.all(['package.json', 'package-lock.json', 'CHANGELOG.md'].map((file) => readFile(path.join(repo, file), 'utf8')));
const json = async (file: string) => JSON.parse(await readFile(path.join(dir, file), 'utf8'));
const bump = (...args: string[]) => {
  const result = spawnSync(process.execPath, [script, ...args, '--root', dir], { encoding: 'utf8' });
  return { status: result.status, out: result.stdout, err: result.stderr };
};
const snapshot = () => Promise.all(['package.json', 'package-lock.json', 'CHANGELOG.md'].map((file) => readFile(path.join(dir, file), 'utf8')));

beforeEach(async () => {
  realBefore = await readRepoFiles();
  dir = await mkdtemp(path.join(tmpdir(), 'longbox-bump-'));
  await copyFile(path.join(repo, 'package.json'), path.join(dir, 'package.json'));
  await copyFile(path.join(repo, 'package-lock.json'), path.join(dir, 'package-lock.json'));
  // The copies start at a known version, whatever the repository's is now.
  for (const file of ['package.json', 'package-lock.json']) {
    const data = await json(file);
    data.version = '0.1.0';
    if (data.packages) data.packages[''].version = '0.1.0';
    await writeFile(path.join(dir, file), `${JSON.stringify(data, null, 2)}\n`);
  }
  await writeFile(path.join(dir, 'CHANGELOG.md'), CHANGELOG);
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
  expect(await readRepoFiles()).toEqual(realBefore);
});

describe('npm run version:bump', () => {
  it('minor: both package files and the lockfile root, and Unreleased moved under the new dated heading', async () => {
    const lockBefore = await json('package-lock.json');
    const run = bump('minor', '--date', '2027-01-15');
    expect(run.err).toBe('');
    expect(run.status).toBe(0);
    expect(run.out).toContain('0.1.0 -> 0.2.0');

    expect((await json('package.json')).version).toBe('0.2.0');
    const lock = await json('package-lock.json');
    expect(lock.version).toBe('0.2.0');
    expect(lock.packages[''].version).toBe('0.2.0');
    // Nothing else in the lockfile changed.
    expect({ ...lock, version: null, packages: { ...lock.packages, '': { ...lock.packages[''], version: null } } }).toEqual({
      ...lockBefore,
      version: null,
      packages: { ...lockBefore.packages, '': { ...lockBefore.packages[''], version: null } },
    });

    expect(await readFile(path.join(dir, 'CHANGELOG.md'), 'utf8')).toBe(`# Changelog

Notes.

## [Unreleased]

## [0.2.0] - 2027-01-15

### Added

- Key issue marks on the popup's rows.

### Fixed

- The FOC list's dates in the last hour of a day.

## [0.1.0] - 2026-12-02

### Added

- The first release.
`);
  });

  it('patch, major and an exact version; today when no date is given', async () => {
    expect(bump('patch').status).toBe(0);
    expect((await json('package.json')).version).toBe('0.1.1');
    const changelog = await readFile(path.join(dir, 'CHANGELOG.md'), 'utf8');
    expect(changelog).toMatch(/^## \[0\.1\.1\] - \d{4}-\d{2}-\d{2}$/m);
    expect(changelog.indexOf('## [Unreleased]')).toBeLessThan(changelog.indexOf('## [0.1.1]'));

    expect(nextVersion('0.1.1', 'major')).toBe('1.0.0');
    expect(nextVersion('1.9.9', 'minor')).toBe('1.10.0');
    expect(nextVersion('1.9.9', '2.0.0')).toBe('2.0.0');
  });

  it.each([
    ['1.2', /three numbers/],
    ['v1.2.3', /without the "v"/],
    ['1.2.3-beta.1', /no pre-release/],
    ['01.2.3', /not a version/],
    ['next', /not a version/],
    ['0.1.0', /not above the current version 0\.1\.0/],
    ['0.0.9', /not above/],
    ['1.70000.0', /at most 65535/],
  ])('refuses %s with a clear error and changes nothing', async (spec, message) => {
    const before = await snapshot();
    const run = bump(spec);
    expect(run.status).toBe(2);
    expect(run.err).toMatch(/^version:bump: /);
    expect(run.err).toMatch(message);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses no version, two versions, an unknown option and a bad date', async () => {
    const before = await snapshot();
    expect(bump().err).toMatch(/Which version\?/);
    expect(bump('patch', 'minor').err).toMatch(/One version at a time/);
    expect(bump('patch', '--force').err).toMatch(/Unknown option --force/);
    expect(bump('patch', '--date', '2027-02-30').err).toMatch(/is not a date/);
    expect(bump('patch', '--date').err).toMatch(/--date needs a value/);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses an empty Unreleased unless --allow-empty, a version already in the CHANGELOG, and package files that disagree', async () => {
    const empty = '# Changelog\n\n## [Unreleased]\n\n## [0.1.0] - 2026-12-02\n\n- The first release.\n';
    await writeFile(path.join(dir, 'CHANGELOG.md'), empty);
    expect(bump('patch').err).toMatch(/nothing under \[Unreleased\]/);
    expect((await json('package.json')).version).toBe('0.1.0');
    expect(bump('patch', '--allow-empty', '--date', '2027-01-15').status).toBe(0);
    expect(await readFile(path.join(dir, 'CHANGELOG.md'), 'utf8')).toBe(
      '# Changelog\n\n## [Unreleased]\n\n## [0.1.1] - 2027-01-15\n\n## [0.1.0] - 2026-12-02\n\n- The first release.\n',
    );

    expect(() => moveUnreleased('# Changelog\n\n## [0.1.0]\n', '0.2.0', '2027-01-15')).toThrow(/no "## \[Unreleased\]" heading/);
    expect(() => moveUnreleased('## [Unreleased]\n- x\n## [0.2.0] - 2027-01-01\n', '0.2.0', '2027-01-15')).toThrow(/already has a heading for 0\.2\.0/);

    const lock = await json('package-lock.json');
    lock.packages[''].version = '0.0.9';
    await writeFile(path.join(dir, 'package-lock.json'), `${JSON.stringify(lock, null, 2)}\n`);
    await writeFile(path.join(dir, 'CHANGELOG.md'), CHANGELOG);
    const run = bump('patch');
    expect(run.status).toBe(2);
    expect(run.err).toMatch(/packages\[""\]\.version is "0\.0\.9" but package\.json says 0\.1\.1/);
  });
});
