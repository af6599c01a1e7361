#!/usr/bin/env bash
# Makes sure a Firefox is there for the Firefox browser tests and `npm run demo -- --browser firefox`.
# LONGBOX_FIREFOX names another binary; otherwise Debian's firefox-esr is installed when missing.
# Playwright cannot drive Debian's Firefox (it needs its own patched build): puppeteer-core drives it
# over WebDriver BiDi. The extension needs Firefox 140 or later (its manifest's strict_min_version).
set -euo pipefail

if [ -n "${LONGBOX_FIREFOX:-}" ]; then
  if [ -x "$LONGBOX_FIREFOX" ]; then exit 0; fi
  echo "LONGBOX_FIREFOX=$LONGBOX_FIREFOX is not an executable file." >&2
  exit 1
fi
for candidate in /usr/bin/firefox-esr /usr/bin/firefox; do
  if [ -x "$candidate" ]; then exit 0; fi
done

echo "Firefox is missing: installing Debian's firefox-esr package..."
if [ "$(id -u)" -eq 0 ]; then
  SUDO=""
elif command -v sudo >/dev/null 2>&1; then
  SUDO="sudo"
else
  echo "Cannot install firefox-esr without root. Install it, or set LONGBOX_FIREFOX to a Firefox binary (140 or later)." >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends firefox-esr fonts-dejavu-core >/dev/null
echo "Installed $(/usr/bin/firefox-esr --version)"
