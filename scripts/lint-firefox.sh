#!/usr/bin/env bash
# `npm run lint:firefox`: builds the Firefox store build (production, MV2: what `npm run zip` packs) and runs
# Mozilla's linter on it as addons.mozilla.org will, failing on any error or warning (notices are allowed).
#
# Linted as a listed add-on, that is without `--self-hosted`: Longbox is published on addons.mozilla.org, and
# `--self-hosted` turns off the checks that only listed add-ons must pass (an `update_url` in the manifest,
# for one). The build lints clean either way; linting without it is the stricter of the two.
#
#   scripts/lint-firefox.sh              build, then lint .output/firefox-mv2 (LONGBOX_OUT names another folder)
#   scripts/lint-firefox.sh --no-build   lint the build already there
set -euo pipefail
cd "$(dirname "$0")/.."

out="${LONGBOX_OUT:-.output}"
dir="$out/firefox-mv2"

if [ "${1:-}" != "--no-build" ]; then
  # The bundler's file list only when the build fails.
  if ! build_log=$(npx wxt build -b firefox 2>&1); then
    printf '%s\nThe Firefox build failed, so nothing was linted.\n' "$build_log" >&2
    exit 1
  fi
fi
if [ ! -f "$dir/manifest.json" ]; then
  echo "No Firefox build in $dir (run without --no-build)." >&2
  exit 1
fi

echo "web-ext lint $dir (as a listed add-on, warnings count as errors)"
npx web-ext lint --source-dir "$dir" --warnings-as-errors --boring
