// Adds up the vitest and Playwright JSON reports into one closing line: "N passed, N failed".
import { existsSync, readFileSync } from 'node:fs';

let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of process.argv.slice(2)) {
  if (!existsSync(file)) {
    console.error(`missing test report ${file}: that runner did not finish`);
    failed += 1;
    continue;
  }
  const report = JSON.parse(readFileSync(file, 'utf8'));
  if ('numPassedTests' in report) {
    // vitest
    passed += report.numPassedTests;
    failed += report.numFailedTests + (report.numFailedTestSuites ?? 0);
    skipped += report.numPendingTests + (report.numTodoTests ?? 0);
  } else if (report.stats) {
    // Playwright
    passed += report.stats.expected + report.stats.flaky;
    failed += report.stats.unexpected + (report.errors?.length ?? 0);
    skipped += report.stats.skipped;
  }
}
console.log('');
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
