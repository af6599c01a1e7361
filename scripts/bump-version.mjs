// `npm run version:bump -- <patch|minor|major|x.y.z>`: the next release's version, in one step.
//   - package.json's "version", and package-lock.json's (its root and packages[""]), which WXT puts in the
//     manifest and the archives' names;
//   - CHANGELOG.md: what is under "## [Unreleased]" moves under a new "## [x.y.z] - YYYY-MM-DD" heading
//     (today's date, or --date), and Unreleased is left empty for what comes next.
// Refuses, changing nothing: a version that is not three plain numbers (the browsers' stores take only
// numbers: no "v", no "-beta"), one not above the current version, package files that disagree about the
// current version, a CHANGELOG with no Unreleased heading or already holding that version, and an empty
// Unreleased (unless --allow-empty).
//
//   node scripts/bump-version.mjs <patch|minor|major|x.y.z> [--date YYYY-MM-DD] [--allow-empty] [--root DIR]
// --root names the project folder (default: this repository); the unit test runs it on copies.
import { readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export class BumpError extends Error {}

const USAGE = 'Usage: npm run version:bump -- <patch|minor|major|x.y.z> [--date YYYY-MM-DD] [--allow-empty]';
const PLAIN = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)$/;
/** Chrome's limit for each part of a version. */
const MAX_PART = 65535;

/** A version as its three numbers; `what` names it in the error ("" for the one given on the command line). */
export function parseVersion(text, what = '') {
  const match = PLAIN.exec(text);
  if (!match) {
    const hint = /^v\d/.test(text)
      ? ' (without the "v")'
      : /^\d+\.\d+\.\d+[-+]/.test(text)
        ? ' (the browsers\' stores take no pre-release or build suffix)'
        : /^\d+(\.\d+)?$/.test(text)
          ? ' (three numbers, such as 1.2.0)'
          : '';
    throw new BumpError(`${what}"${text}" is not a version: give patch, minor, major or x.y.z${hint}.`);
  }
  const parts = match.slice(1, 4).map(Number);
  if (parts.some((part) => part > MAX_PART)) throw new BumpError(`${what}"${text}": each number must be at most ${MAX_PART} (the browsers' limit).`);
  return parts;
}

const compare = (a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2];

/** The version after `current` for `spec` (patch, minor, major or x.y.z). */
export function nextVersion(current, spec) {
  const [major, minor, patch] = parseVersion(current, "package.json's version ");
  let next;
  if (spec === 'patch') next = [major, minor, patch + 1];
  else if (spec === 'minor') next = [major, minor + 1, 0];
  else if (spec === 'major') next = [major + 1, 0, 0];
  else next = parseVersion(spec);
  if (next.some((part) => part > MAX_PART)) throw new BumpError(`${next.join('.')}: each number must be at most ${MAX_PART} (the browsers' limit).`);
  if (compare(next, [major, minor, patch]) <= 0) {
    throw new BumpError(`${next.join('.')} is not above the current version ${current}: a store takes only a higher version.`);
  }
  return next.join('.');
}

/** Today in the local calendar, as YYYY-MM-DD. */
export function today(now = new Date()) {
  const pad = (n) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

function checkDate(date) {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const parsed = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : null;
  if (!parsed || parsed.toISOString().slice(0, 10) !== date) throw new BumpError(`--date "${date}" is not a date: give YYYY-MM-DD, such as 2027-01-15.`);
}

const UNRELEASED = /^## \[Unreleased\][^\n]*\n/im;

/** CHANGELOG.md with Unreleased's items moved under `## [version] - date`. */
export function moveUnreleased(changelog, version, date, { allowEmpty = false } = {}) {
  const heading = UNRELEASED.exec(changelog);
  if (!heading) throw new BumpError('CHANGELOG.md has no "## [Unreleased]" heading to take the changes from.');
  const escaped = version.replaceAll('.', '\\.');
  if (new RegExp(`^## \\[${escaped}\\]`, 'm').test(changelog)) throw new BumpError(`CHANGELOG.md already has a heading for ${version}.`);
  const bodyStart = heading.index + heading[0].length;
  const nextHeading = /^## /m.exec(changelog.slice(bodyStart));
  const bodyEnd = nextHeading ? bodyStart + nextHeading.index : changelog.length;
  const body = changelog.slice(bodyStart, bodyEnd).trim();
  if (body === '' && !allowEmpty) {
    throw new BumpError('CHANGELOG.md has nothing under [Unreleased]: write down what changed first (or pass --allow-empty).');
  }
  const rest = changelog.slice(bodyEnd).replace(/^\n+/, '');
  const released = `## [${version}] - ${date}\n${body === '' ? '' : `\n${body}\n`}`;
  return `${changelog.slice(0, bodyStart)}\n${released}${rest === '' ? '' : `\n${rest}`}`;
}

async function writeAtomically(file, text) {
  const temporary = `${file}.bump-${process.pid}`;
  await writeFile(temporary, text);
  await rename(temporary, file);
}

/** Bumps the project in `root`; returns what it did. Nothing is written unless every check passes. */
export async function bumpVersion({ root, spec, date = today(), allowEmpty = false }) {
  if (!spec) throw new BumpError(`Which version? ${USAGE}`);
  checkDate(date);
  const files = {
    pkg: path.join(root, 'package.json'),
    lock: path.join(root, 'package-lock.json'),
    changelog: path.join(root, 'CHANGELOG.md'),
  };
  const read = async (file) => {
    try {
      return await readFile(file, 'utf8');
    } catch {
      throw new BumpError(`Cannot read ${path.relative(root, file) || file} in ${root}.`);
    }
  };
  const pkg = JSON.parse(await read(files.pkg));
  const lock = JSON.parse(await read(files.lock));
  const changelog = await read(files.changelog);

  const current = pkg.version;
  if (typeof current !== 'string') throw new BumpError('package.json has no "version".');
  const lockVersions = { 'package-lock.json "version"': lock.version, 'package-lock.json packages[""].version': lock.packages?.['']?.version };
  for (const [where, version] of Object.entries(lockVersions)) {
    if (version !== current) {
      throw new BumpError(`${where} is ${JSON.stringify(version)} but package.json says ${current}: run npm install to make them agree first.`);
    }
  }
  const version = nextVersion(current, spec);
  const newChangelog = moveUnreleased(changelog, version, date, { allowEmpty });

  pkg.version = version;
  lock.version = version;
  lock.packages[''].version = version;
  await writeAtomically(files.pkg, `${JSON.stringify(pkg, null, 2)}\n`);
  await writeAtomically(files.lock, `${JSON.stringify(lock, null, 2)}\n`);
  await writeAtomically(files.changelog, newChangelog);
  return { from: current, to: version, date };
}

async function main(argv) {
  let spec;
  let date;
  let allowEmpty = false;
  let root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg === '--allow-empty') allowEmpty = true;
    else if (arg === '--date' || arg === '--root') {
      const value = argv[i + 1];
      if (value === undefined || value.startsWith('--')) throw new BumpError(`${arg} needs a value. ${USAGE}`);
      if (arg === '--date') date = value;
      else root = path.resolve(value);
      i += 1;
    } else if (arg.startsWith('--')) throw new BumpError(`Unknown option ${arg}. ${USAGE}`);
    else if (spec !== undefined) throw new BumpError(`One version at a time (got "${spec}" and "${arg}"). ${USAGE}`);
    else spec = arg;
  }
  const done = await bumpVersion({ root, spec, date, allowEmpty });
  console.log(`Version ${done.from} -> ${done.to}: package.json, package-lock.json, and CHANGELOG.md's [${done.to}] - ${done.date}.`);
  console.log('Next: review the diff, commit it, then npm run zip.');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).catch((error) => {
    console.error(error instanceof BumpError ? `version:bump: ${error.message}` : error);
    process.exit(error instanceof BumpError ? 2 : 1);
  });
}
