// The last step of `npm run bench`: every figure of bench-results.json in one table, as the benchmarks
// before it measured them in this run, with its baseline, ratio and budget (bench/lib/figures.ts).
import { existsSync, readFileSync } from 'node:fs';
import { RESULTS_FILE, printFigures, type Figure } from './lib/figures';

if (!existsSync(RESULTS_FILE)) {
  console.error(`No ${RESULTS_FILE}: run the benchmarks first (npm run bench).`);
  process.exit(1);
}
const results = JSON.parse(readFileSync(RESULTS_FILE, 'utf8')) as { machine: Record<string, unknown>; figures: Array<Figure & { measuredAt?: string }> };
console.log(`\nAll figures (${RESULTS_FILE}; machine: ${JSON.stringify(results.machine)})`);
printFigures('', results.figures);
const busy = results.figures.filter((f) => f.busy);
const missed = results.figures.filter((f) => f.met === false);
console.log(`\n${results.figures.length} figures; ${missed.length} over budget${missed.length ? ` (${missed.map((f) => f.name).join('; ')})` : ''}; ${busy.length} measured on a machine too busy to say.`);
