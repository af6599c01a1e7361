#!/usr/bin/env bash
# Makes sure a Firefox is there for the Firefox browser tests and `npm run demo -- --browser firefox`.
# LONGBOX_FIREFOX names another binary; otherwise Debian's firefox-esr (and its German) is installed when missing.
# Playwright cannot drive Debian's Firefox (it needs its own patched build): puppeteer-core drives it
# over WebDriver BiDi. The extension needs Firefox 140 or later (its manifest's strict_min_version).
set -euo pipefail

if [ -n "${LONGBOX_FIREFOX:-}" ]; then
  if [ -x "$LONGBOX_FIREFOX" ]; then exit 0; fi
  echo "LONGBOX_FIREFOX=$LONGBOX_FIREFOX is not an executable file." >&2
  exit 1
fi
# Debian ships Firefox's languages apart (firefox-esr-l10n-<lang>); the test of Longbox in a German Firefox
# needs German's, as a member's German Firefox has it.
LANGUAGE_PACK=/usr/lib/firefox-esr/browser/extensions/langpack-de@firefox-esr.mozilla.org.xpi
have=""
for candidate in /usr/bin/firefox-esr /usr/bin/firefox; do
  if [ -x "$candidate" ]; then have="$candidate"; break; fi
done
if [ -n "$have" ] && { [ "$have" != /usr/bin/firefox-esr ] || [ -e "$LANGUAGE_PACK" ]; }; then exit 0; fi

if [ "$(id -u)" -eq 0 ]; then
  SUDO=""
elif command -v sudo >/dev/null 2>&1; then
  SUDO="sudo"
else
  echo "Cannot install firefox-esr (or its German, firefox-esr-l10n-de) without root. Install them, or set LONGBOX_FIREFOX to a Firefox binary (140 or later)." >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
if [ -n "$have" ]; then
  echo "Firefox's German is missing: installing Debian's firefox-esr-l10n-de package..."
  $SUDO apt-get install -y -qq --no-install-recommends firefox-esr-l10n-de >/dev/null
else
  echo "Firefox is missing: installing Debian's firefox-esr and firefox-esr-l10n-de packages..."
  $SUDO apt-get install -y -qq --no-install-recommends firefox-esr firefox-esr-l10n-de fonts-dejavu-core >/dev/null
fi
echo "Installed $(/usr/bin/firefox-esr --version)"
