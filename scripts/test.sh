#!/usr/bin/env bash
# Every test: type check, unit and stand-in tests (vitest), then the browser tests: Chromium (Playwright,
# Debian's chromium or LONGBOX_CHROMIUM) and Firefox (puppeteer-core over WebDriver BiDi, Debian's
# firefox-esr or LONGBOX_FIREFOX), each with its e2e build of the extension loaded; then the store archives'
# rebuild check (the Firefox sources archive must rebuild the Firefox archive exactly). Ends with one summary line.
set -uo pipefail
cd "$(dirname "$0")/.."
mkdir -p test-results
rm -f test-results/unit.json test-results/e2e.json test-results/firefox.json

step() { printf '\n== %s\n' "$*"; }
failed=0

step "Chromium and Firefox"
bash scripts/ensure-chromium.sh || exit 1
bash scripts/ensure-firefox.sh || exit 1

step "Type check"
npx tsc --noEmit || failed=1

step "Unit and stand-in tests"
npx vitest run --reporter=default --reporter=json --outputFile.json=test-results/unit.json || failed=1

step "Store build: nothing for the page to read"
{ npx wxt build >/dev/null && node scripts/check-store-build.mjs; } || failed=1

step "Build the extension (e2e build)"
# The bundler's file list only when the build fails; the browser tests' output is what a reader needs.
if ! build_log=$(npx wxt build --mode e2e 2>&1); then
  printf '%s\nThe e2e build failed, so no browser test ran.\n' "$build_log"
  exit 1
fi
echo "Built ${LONGBOX_OUT:-.output}/chrome-mv3-e2e"

step "Browser tests"
CI=1 npx playwright test || failed=1

step "Firefox browser tests (the Firefox e2e build, MV2)"
if build_log=$(npx wxt build -b firefox --mode e2e 2>&1); then
  npx vitest run --config vitest.firefox.config.ts --reporter=default --reporter=json --outputFile.json=test-results/firefox.json || failed=1
else
  printf '%s\nThe Firefox build failed, so no Firefox test ran.\n' "$build_log"
  failed=1
fi

step "Store archives: the Firefox sources archive rebuilds the Firefox archive"
# npm run zip, then what a reviewer does with the sources archive (npm ci and the build in a temporary
# folder), compared file by file with the Firefox archive (scripts/check-rebuild.mjs; 1 to 3 minutes).
node scripts/check-rebuild.mjs || failed=1

node scripts/test-summary.mjs test-results/unit.json test-results/e2e.json test-results/firefox.json || failed=1
exit $failed
