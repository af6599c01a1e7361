#!/usr/bin/env bash
# The demo: builds the extension (e2e build, which may reach the local stand-in), starts the VerseDB
# stand-in with its demo member, and opens Chromium with Longbox loaded and signed in, on sample store
# pages. With a display it stays open for you to browse; without one it runs headless, saves a
# screenshot of each page to demo-output/ and prints a summary.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-chromium.sh
npx wxt build --mode e2e >/dev/null
echo "Built .output/chrome-mv3-e2e"
exec npx tsx scripts/demo.ts "$@"
