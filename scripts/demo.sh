#!/usr/bin/env bash
# The demo: builds the extension (e2e build, which may reach the local stand-in), starts the VerseDB
# stand-in with its demo member, and opens Chromium (or Firefox, with `--browser firefox`) with Longbox
# loaded and signed in, on sample store pages. With a display it stays open for you to browse; without
# one it runs headless, saves a screenshot of each page to demo-output/ (demo-output/firefox/ for
# Firefox) and prints a summary. LONGBOX_OUT names another output folder for the build.
set -euo pipefail
cd "$(dirname "$0")/.."

target=chromium
previous=""
for arg in "$@"; do
  if [ "$previous" = "--browser" ]; then target="$arg"; fi
  case "$arg" in --browser=*) target="${arg#--browser=}" ;; esac
  previous="$arg"
done

out="${LONGBOX_OUT:-.output}"
case "$target" in
  chromium | chrome)
    bash scripts/ensure-chromium.sh
    npx wxt build --mode e2e >/dev/null
    echo "Built $out/chrome-mv3-e2e"
    ;;
  firefox)
    bash scripts/ensure-firefox.sh
    npx wxt build -b firefox --mode e2e >/dev/null
    echo "Built $out/firefox-mv2-e2e"
    ;;
  *)
    echo "--browser $target: the demo runs in chromium or firefox." >&2
    exit 2
    ;;
esac
exec npx tsx scripts/demo.ts "$@"
