#!/usr/bin/env bash
# Makes sure a Chromium is there for the browser tests and the demo. LONGBOX_CHROMIUM names another
# binary; otherwise Debian's chromium is installed when missing (Playwright cannot download browsers here).
set -euo pipefail

if [ -n "${LONGBOX_CHROMIUM:-}" ]; then
  if [ -x "$LONGBOX_CHROMIUM" ]; then exit 0; fi
  echo "LONGBOX_CHROMIUM=$LONGBOX_CHROMIUM is not an executable file." >&2
  exit 1
fi
# Debian ships Chromium's languages other than English apart (chromium-l10n); the tests of Longbox in German
# and French need them, as a member's Chromium in those languages has them.
LANGUAGES=/usr/lib/chromium/locales/de.pak
have=""
for candidate in /usr/bin/chromium /usr/bin/chromium-browser /usr/bin/google-chrome; do
  if [ -x "$candidate" ]; then have="$candidate"; break; fi
done
if [ -n "$have" ] && { [ "$have" != /usr/bin/chromium ] || [ -e "$LANGUAGES" ]; }; then exit 0; fi

if [ "$(id -u)" -eq 0 ]; then
  SUDO=""
elif command -v sudo >/dev/null 2>&1; then
  SUDO="sudo"
else
  echo "Cannot install chromium (or its languages, chromium-l10n) without root. Install them, or set LONGBOX_CHROMIUM to a Chrome or Chromium binary." >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
if [ -n "$have" ]; then
  echo "Chromium's languages are missing: installing Debian's chromium-l10n package..."
  $SUDO apt-get install -y -qq --no-install-recommends chromium-l10n >/dev/null
else
  echo "Chromium is missing: installing Debian's chromium and chromium-l10n packages..."
  $SUDO apt-get install -y -qq --no-install-recommends chromium chromium-l10n fonts-dejavu-core >/dev/null
fi
echo "Installed $(/usr/bin/chromium --version)"
