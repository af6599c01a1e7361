import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { resolve } from 'node:path';

// Benchmark figures that travel between machines: each measured several times beside a baseline (the
// cheapest thing that does the same visible job) in the same run, printed with its median, spread and
// ratio to the baseline, and kept in bench-results.json (one object per figure). A figure whose baseline
// ran far above its usual value was measured on a machine too busy for it to mean anything, and says so.

export interface Samples {
  median: number;
  min: number;
  max: number;
  /** The middle half of the samples: 25th to 75th percentile. */
  p25: number;
  p75: number;
  runs: number;
}

export interface Figure {
  name: string;
  value: number;
  unit: string;
  /** The baseline's median in the same run, when the figure has one. */
  baseline: number | null;
  /** value ÷ baseline. */
  ratio: number | null;
  /** In words: "ratio ≤ 1.5 and < 50 ms while the baseline is < 20 ms". */
  budget: string | null;
  /** Whether the budget was met (null when the figure has none, or the run was too busy to say). */
  met: boolean | null;
  spread: { min: number; max: number; p25: number; p75: number; runs: number };
  baselineSpread: { min: number; max: number; p25: number; p75: number; runs: number } | null;
  /** True when the baseline ran over BUSY_FACTOR times its usual value: the machine was too busy. */
  busy: boolean;
  note: string | null;
}

/** A baseline this many times its usual median means the machine was busy. */
export const BUSY_FACTOR = 3;

export function samples(values: readonly number[]): Samples {
  const sorted = [...values].filter(Number.isFinite).sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.round(q * (sorted.length - 1))))] ?? Number.NaN;
  return { median: at(0.5), min: sorted[0] ?? Number.NaN, max: sorted[sorted.length - 1] ?? Number.NaN, p25: at(0.25), p75: at(0.75), runs: sorted.length };
}

const spreadOf = (s: Samples) => ({ min: s.min, max: s.max, p25: s.p25, p75: s.p75, runs: s.runs });

export interface FigureInput {
  name: string;
  unit: string;
  measured: readonly number[];
  baseline?: readonly number[];
  /** The baseline's usual median on an idle machine of this kind, for telling a busy run. */
  usualBaseline?: number;
  budget?: string;
  /** Whether the figure meets its budget, given its median, the baseline's and the ratio. */
  meets?: (value: number, baseline: number | null, ratio: number | null) => boolean;
  note?: string;
}

export function figure(input: FigureInput): Figure {
  const value = samples(input.measured);
  const base = input.baseline && input.baseline.length > 0 ? samples(input.baseline) : null;
  const ratio = base && base.median > 0 ? value.median / base.median : null;
  const busy = base !== null && input.usualBaseline !== undefined && base.median > input.usualBaseline * BUSY_FACTOR;
  return {
    name: input.name,
    value: round(value.median),
    unit: input.unit,
    baseline: base ? round(base.median) : null,
    ratio: ratio === null ? null : round(ratio, 2),
    budget: input.budget ?? null,
    met: input.meets && !busy ? input.meets(value.median, base?.median ?? null, ratio) : null,
    spread: spreadOf(value),
    baselineSpread: base ? spreadOf(base) : null,
    busy,
    note: input.note ?? null,
  };
}

/** A single number with no baseline (a size, a count of reads). */
export function plain(name: string, value: number, unit: string, budget?: string, met?: boolean, note?: string): Figure {
  return {
    name, value: round(value), unit, baseline: null, ratio: null, budget: budget ?? null, met: met ?? null,
    spread: { min: value, max: value, p25: value, p75: value, runs: 1 }, baselineSpread: null, busy: false, note: note ?? null,
  };
}

function round(n: number, digits = 1): number {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
}

const fmt = (n: number | null, unit = ''): string => (n === null || !Number.isFinite(n) ? '-' : `${n}${unit ? ` ${unit}` : ''}`);

/** Prints figures as a table: value (spread), baseline (spread), ratio, budget and whether it was met. */
export function printFigures(title: string, figures: readonly Figure[]): void {
  console.log(title);
  for (const f of figures) {
    const spread = f.spread.runs > 1 ? ` [${round(f.spread.p25)}–${round(f.spread.p75)}, max ${round(f.spread.max)}; ${f.spread.runs} runs]` : '';
    const base = f.baseline !== null ? `  baseline ${fmt(f.baseline, f.unit)}${f.baselineSpread ? ` [${round(f.baselineSpread.p25)}–${round(f.baselineSpread.p75)}]` : ''}  ratio ${fmt(f.ratio)}x` : '';
    const verdict = f.busy ? '  MACHINE TOO BUSY: the baseline ran far above its usual value; run again' : f.met === null ? '' : f.met ? '  met' : '  NOT MET';
    console.log(`  ${f.name.padEnd(44)} ${fmt(f.value, f.unit)}${spread}${base}${f.budget ? `  (budget: ${f.budget})` : ''}${verdict}`);
    if (f.note) console.log(`    ${f.note}`);
  }
}

export const RESULTS_FILE = resolve('bench-results.json');

/** Adds (or replaces, by name) these figures in bench-results.json, with when and where they were measured. */
export function recordFigures(figures: readonly Figure[]): void {
  let kept: Array<Figure & { measuredAt?: string }> = [];
  if (existsSync(RESULTS_FILE)) {
    try {
      const old = JSON.parse(readFileSync(RESULTS_FILE, 'utf8')) as { figures?: Array<Figure & { measuredAt?: string }> };
      kept = Array.isArray(old.figures) ? old.figures : [];
    } catch {
      kept = [];
    }
  }
  const measuredAt = new Date().toISOString();
  const names = new Set(figures.map((f) => f.name));
  const merged = [...kept.filter((f) => !names.has(f.name)), ...figures.map((f) => ({ ...f, measuredAt }))];
  const machine = { cpus: cpus().length, model: cpus()[0]?.model ?? null, loadavg: loadavg().map((n) => round(n, 2)), node: process.version };
  writeFileSync(RESULTS_FILE, `${JSON.stringify({ machine, updatedAt: measuredAt, figures: merged }, null, 2)}\n`);
}
