#!/usr/bin/env bash
# Makes sure a Chromium is there for the browser tests and the demo. LONGBOX_CHROMIUM names another
# binary; otherwise Debian's chromium is installed when missing (Playwright cannot download browsers here).
set -euo pipefail

if [ -n "${LONGBOX_CHROMIUM:-}" ]; then
  if [ -x "$LONGBOX_CHROMIUM" ]; then exit 0; fi
  echo "LONGBOX_CHROMIUM=$LONGBOX_CHROMIUM is not an executable file." >&2
  exit 1
fi
for candidate in /usr/bin/chromium /usr/bin/chromium-browser /usr/bin/google-chrome; do
  if [ -x "$candidate" ]; then exit 0; fi
done

echo "Chromium is missing: installing Debian's chromium package..."
if [ "$(id -u)" -eq 0 ]; then
  SUDO=""
elif command -v sudo >/dev/null 2>&1; then
  SUDO="sudo"
else
  echo "Cannot install chromium without root. Install it, or set LONGBOX_CHROMIUM to a Chrome or Chromium binary." >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends chromium fonts-dejavu-core >/dev/null
echo "Installed $(/usr/bin/chromium --version)"
