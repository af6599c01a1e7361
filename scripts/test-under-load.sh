#!/usr/bin/env bash
# The browser tests on a busy machine: builds once into an output folder of its own, then runs the
# Chromium (Playwright) and Firefox suites N times in a row (default 3) while scripts/burn-cpu.mjs keeps
# every core busy. Prints each run's counts and wall time; exits non-zero if any run failed.
#   bash scripts/test-under-load.sh [runs]
set -uo pipefail
cd "$(dirname "$0")/.."
runs=${1:-3}
export LONGBOX_OUT=${LONGBOX_OUT:-.output-load}
bash scripts/ensure-chromium.sh >/dev/null || exit 1
bash scripts/ensure-firefox.sh >/dev/null || exit 1
for build in "" "--mode e2e" "-b firefox --mode e2e"; do
  # shellcheck disable=SC2086
  if ! log=$(npx wxt build $build 2>&1); then printf '%s\nwxt build %s failed\n' "$log" "$build"; exit 1; fi
done
mkdir -p test-results/load
failed=0
for run in $(seq 1 "$runs"); do
  start=$(date +%s)
  node scripts/burn-cpu.mjs --around -- sh -c "
    npx playwright test --reporter=json > test-results/load/chromium-$run.json 2>/dev/null
    npx vitest run --config vitest.firefox.config.ts --reporter=json --outputFile.json=test-results/load/firefox-$run.json > /dev/null 2>&1
    true"
  seconds=$(( $(date +%s) - start ))
  line=$(node -e '
    const fs = require("node:fs");
    const [c, f] = process.argv.slice(1).map((p) => { try { return JSON.parse(fs.readFileSync(p, "utf8")); } catch { return null; } });
    const cp = c ? c.stats.expected : 0, cf = c ? c.stats.unexpected + c.stats.flaky : 1;
    const fp = f ? f.numPassedTests : 0, ff = f ? f.numFailedTests : 1;
    console.log(`chromium ${cp} passed, ${cf} failed; firefox ${fp} passed, ${ff} failed`);
    process.exit(cf + ff > 0 ? 1 : 0);
  ' "test-results/load/chromium-$run.json" "test-results/load/firefox-$run.json") || failed=1
  echo "run $run under load: $line; ${seconds} s; load average $(cut -d' ' -f1-3 /proc/loadavg)"
done
exit $failed
