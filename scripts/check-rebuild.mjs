// `npm run test:rebuild`: does the Firefox sources archive rebuild the Firefox archive, byte for byte?
// What an addons.mozilla.org reviewer does with the two archives, by SOURCE_README.md's steps:
//   1. `npm run zip` here (skip with --no-zip to check the archives already in the output folder);
//   2. unpack longbox-<version>-sources.zip into a temporary folder;
//   3. there: `npm ci`, then the documented build, `npm run build:firefox`;
//   4. compare the rebuilt .output/firefox-mv2/ with longbox-<version>-firefox.zip: the same file list and
//      the same bytes for every file. Any difference fails, with the files named.
// LONGBOX_OUT names the output folder the archives are in (as for the build); the rebuild itself runs
// with the documented defaults. --keep leaves the temporary folder for a look.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import JSZip from 'jszip';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = new Set(process.argv.slice(2));
for (const arg of args) {
  if (!['--no-zip', '--keep'].includes(arg)) {
    console.error(`Unknown option ${arg}. Usage: node scripts/check-rebuild.mjs [--no-zip] [--keep]`);
    process.exit(2);
  }
}
const out = path.resolve(root, process.env.LONGBOX_OUT ?? '.output');
const pkg = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8'));
const firefoxZip = path.join(out, `${pkg.name}-${pkg.version}-firefox.zip`);
const sourcesZip = path.join(out, `${pkg.name}-${pkg.version}-sources.zip`);

const started = Date.now();
/** A path as short as it can be said: from the repo when inside it. */
const shown = (file) => (file.startsWith(root + path.sep) ? path.relative(root, file) : file);
const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

/** Runs a command, its output shown; stops everything when it fails. */
function run(command, commandArgs, cwd, env = process.env) {
  const since = Date.now();
  console.log(`$ ${[command, ...commandArgs].join(' ')}   (in ${cwd})`);
  const result = spawnSync(command, commandArgs, { cwd, env, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`\n${command} ${commandArgs.join(' ')} failed (${result.error?.message ?? `exit ${result.status}`}).`);
    process.exit(1);
  }
  console.log(`  done in ${seconds(since)}`);
}

/** Every file under `dir`, by its path relative to `dir` (with /), to its bytes. */
async function filesIn(dir) {
  const files = new Map();
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const absolute = path.join(entry.parentPath, entry.name);
    files.set(path.relative(dir, absolute).split(path.sep).join('/'), await readFile(absolute));
  }
  return files;
}

/** Every file in a zip archive, by its path, to its bytes. */
async function filesInZip(file) {
  const zip = await JSZip.loadAsync(await readFile(file));
  const files = new Map();
  for (const entry of Object.values(zip.files)) {
    if (!entry.dir) files.set(entry.name, await entry.async('nodebuffer'));
  }
  return files;
}

const sha256 = (bytes) => createHash('sha256').update(bytes).digest('hex');

/** Where two files' bytes part, with a little of each around it. */
function firstDifference(a, b) {
  let at = 0;
  while (at < a.length && at < b.length && a[at] === b[at]) at += 1;
  const around = (bytes) => JSON.stringify(bytes.subarray(Math.max(0, at - 30), at + 50).toString('utf8'));
  return `${a.length} vs ${b.length} bytes, first difference at byte ${at}:\n      archive: ${around(a)}\n      rebuilt: ${around(b)}`;
}

if (!args.has('--no-zip')) run('npm', ['run', 'zip'], root);

const work = await mkdtemp(path.join(tmpdir(), 'longbox-rebuild-'));
try {
  console.log(`\nUnpacking ${shown(sourcesZip)} into ${work}`);
  const sources = await filesInZip(sourcesZip);
  for (const [name, bytes] of sources) {
    const target = path.join(work, name);
    if (!target.startsWith(work + path.sep)) throw new Error(`The sources archive holds a path outside its folder: ${name}`);
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, bytes);
  }
  console.log(`  ${sources.size} files`);

  // The reviewer's environment: the documented commands, with none of this repo's build switches.
  const env = { ...process.env };
  delete env.LONGBOX_OUT;
  run('npm', ['ci', '--no-audit', '--no-fund'], work, env);
  run('npm', ['run', 'build:firefox'], work, env);

  const archived = await filesInZip(firefoxZip);
  const rebuilt = await filesIn(path.join(work, '.output', 'firefox-mv2'));
  const missing = [...archived.keys()].filter((name) => !rebuilt.has(name)).sort();
  const extra = [...rebuilt.keys()].filter((name) => !archived.has(name)).sort();
  const differing = [...archived.keys()].filter((name) => rebuilt.has(name) && sha256(archived.get(name)) !== sha256(rebuilt.get(name))).sort();

  const bytes = [...archived.values()].reduce((sum, file) => sum + file.length, 0);
  console.log(`\nCompared ${shown(firefoxZip)} (${archived.size} files, ${bytes} bytes) with the rebuild (${rebuilt.size} files).`);
  for (const name of missing) console.log(`  only in the archive: ${name}`);
  for (const name of extra) console.log(`  only in the rebuild: ${name}`);
  for (const name of differing) console.log(`  differs: ${name} (${firstDifference(archived.get(name), rebuilt.get(name))})`);
  if (missing.length + extra.length + differing.length > 0) {
    console.log(`Rebuild check FAILED: ${missing.length} missing, ${extra.length} extra, ${differing.length} differing (${seconds(started)}).`);
    process.exitCode = 1;
  } else {
    console.log(`Rebuild check passed: the sources archive rebuilds the Firefox archive exactly, ${archived.size} of ${archived.size} files identical (${seconds(started)}).`);
  }
} finally {
  if (args.has('--keep')) console.log(`Kept ${work}`);
  else await rm(work, { recursive: true, force: true });
}
