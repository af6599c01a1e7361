import { readFileSync } from 'node:fs';
import { DataFileError } from './data-file.ts';
import type { FaultSettings } from './faults.ts';
import { FULL_ACCESS } from './members.ts';
import type { LimitOverrides, TierLimits } from './rate-limits.ts';
import { startStandIn, type StandInOptions } from './server.ts';

// `npm run stand-in -- --port 7878`: runs the stand-in until Ctrl+C. Bad flags exit 2.

const HELP = `Usage: npm run stand-in -- [flags]

  --port N             port to listen on (default 7878; 0 picks a free one)
  --host HOST          address to bind (default 127.0.0.1)
  --data FILE          JSON file of extra comics and members (see stand-in/README.md)
  --now DATE           start the clock at DATE (ISO date or timestamp) instead of now
  --read-limit N       reads per hour, every tier (default 300 free, 1000 PRO)
  --read-day-limit N   reads per day, every tier (default 4000 free, 20000 PRO)
  --write-limit N      writes per hour, every tier (default 150 free, 500 PRO)
  --latency MS         add MS milliseconds to every API response
  --error-rate R       answer a share R (0..1) of API requests with 500 or 503
  --drop-rate R        process a share R (0..1) of API requests, then drop the connection
  --realistic SEED     answer as the real service may: loose fields null or absent, string ids,
                       deleted records in lists (seeded; see stand-in/realistic.ts)
  --help               show this help`;

class UsageError extends Error {}

type Flag = 'port' | 'host' | 'data' | 'now' | 'read-limit' | 'read-day-limit' | 'write-limit' | 'latency' | 'error-rate' | 'drop-rate' | 'realistic';
const FLAGS: readonly Flag[] = ['port', 'host', 'data', 'now', 'read-limit', 'read-day-limit', 'write-limit', 'latency', 'error-rate', 'drop-rate', 'realistic'];

function readFlags(argv: string[]): Partial<Record<Flag | 'help', string>> {
  const flags: Partial<Record<Flag | 'help', string>> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (arg === '--help' || arg === '-h') {
      flags.help = 'yes';
      continue;
    }
    const m = /^--([a-z-]+)(?:=(.*))?$/.exec(arg);
    if (!m) throw new UsageError(`unexpected argument "${arg}"`);
    const name = m[1] as Flag;
    if (!FLAGS.includes(name)) throw new UsageError(`unknown flag --${m[1]}`);
    const value = m[2] ?? argv[++i];
    if (value === undefined || value.startsWith('--')) throw new UsageError(`--${name} needs a value`);
    flags[name] = value;
  }
  return flags;
}

function integer(flag: string, value: string, min: number, max: number): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) throw new UsageError(`--${flag} must be a whole number from ${min} to ${max}, not "${value}"`);
  return n;
}

function share(flag: string, value: string): number {
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n) || n < 0 || n > 1) throw new UsageError(`--${flag} must be a number from 0 to 1, not "${value}"`);
  return n;
}

export function optionsFromArgs(argv: string[]): StandInOptions | 'help' {
  const f = readFlags(argv);
  if (f.help) return 'help';
  const options: StandInOptions = { port: f.port === undefined ? 7878 : integer('port', f.port, 0, 65_535), host: f.host ?? '127.0.0.1' };
  if (f.now !== undefined) {
    if (!Number.isFinite(Date.parse(f.now))) throw new UsageError(`--now must be a date, not "${f.now}"`);
    options.clockStart = f.now;
  }
  const limits: Partial<TierLimits> = {
    ...(f['read-limit'] !== undefined ? { readsPerHour: integer('read-limit', f['read-limit'], 0, 10_000_000) } : {}),
    ...(f['read-day-limit'] !== undefined ? { readsPerDay: integer('read-day-limit', f['read-day-limit'], 0, 10_000_000) } : {}),
    ...(f['write-limit'] !== undefined ? { writesPerHour: integer('write-limit', f['write-limit'], 0, 10_000_000) } : {}),
  };
  const overrides: LimitOverrides = { free: limits, pro: limits };
  options.limits = overrides;
  const faults: FaultSettings = {
    ...(f.latency !== undefined ? { latency_ms: integer('latency', f.latency, 0, 60_000) } : {}),
    ...(f['error-rate'] !== undefined ? { error_rate: share('error-rate', f['error-rate']) } : {}),
    ...(f['drop-rate'] !== undefined ? { drop_rate: share('drop-rate', f['drop-rate']) } : {}),
  };
  if (Object.keys(faults).length > 0) options.faults = faults;
  if (f.realistic !== undefined) options.realistic = { seed: integer('realistic', f.realistic, 0, 2 ** 31) };
  if (f.data !== undefined) {
    let text: string;
    try {
      text = readFileSync(f.data, 'utf8');
    } catch {
      throw new UsageError(`cannot read --data file ${f.data}`);
    }
    try {
      options.data = JSON.parse(text);
    } catch (error) {
      throw new UsageError(`--data file ${f.data} is not valid JSON (${error instanceof Error ? error.message : String(error)})`);
    }
  }
  return options;
}

const count = (n: number): string => n.toLocaleString('en');

async function main(): Promise<void> {
  let options: StandInOptions | 'help';
  try {
    options = optionsFromArgs(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`stand-in: ${error.message} (see --help)\n`);
    process.exit(2);
  }
  if (options === 'help') {
    process.stdout.write(`${HELP}\n`);
    return;
  }
  let standIn;
  try {
    standIn = await startStandIn(options);
  } catch (error) {
    if (error instanceof DataFileError) {
      process.stderr.write(`stand-in: the --data file is not valid:\n${error.message.replace(/^/gm, '  ')}\n`);
      process.exit(2);
    }
    const code = (error as { code?: string }).code;
    process.stderr.write(`stand-in: cannot start: ${code === 'EADDRINUSE' ? `port ${options.port} is in use` : String(error)}\n`);
    process.exit(1);
  }
  const state = standIn.state();
  const lines = [
    `VerseDB stand-in listening on ${standIn.url}  (API ${standIn.url}/api/v1)`,
    `Catalog: ${state.catalog.publishers} publishers, ${state.catalog.series} series, ${count(state.catalog.issues)} issues, ` +
      `${count(state.catalog.variants)} variants; today is ${state.today}`,
    '',
    'Demo tokens (Authorization: Bearer <token>):',
  ];
  for (const member of state.members) {
    const tier = member.tier === 'pro' ? 'PRO' : 'free';
    lines.push(`  ${member.name} (@${member.username}), ${tier}: ${count(member.copies)} copies, ${member.wishlist} wishlisted, ${member.pull_list} on the pull list`);
    for (const t of member.tokens) {
      const missing = FULL_ACCESS.filter((a) => !t.scopes.includes(a));
      const scopes = missing.length === 0 ? 'all scopes' : missing.length <= 2 ? `all scopes except ${missing.join(', ')}` : t.scopes.join(' ');
      lines.push(`    ${t.token.padEnd(26)} ${t.revoked ? 'REVOKED' : scopes}`);
    }
  }
  lines.push('', `Connect: ${standIn.url}/connect   Control: ${standIn.url}/__stand-in/state (see stand-in/README.md)`, 'Press Ctrl+C to stop.');
  process.stdout.write(`${lines.join('\n')}\n`);
  const stop = () => {
    standIn.stop().finally(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

await main();
