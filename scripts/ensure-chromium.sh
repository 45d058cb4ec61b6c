#!/usr/bin/env bash
# The end-to-end tests drive Debian's Chromium; no test tool may download a browser of its own.
# Installs it when missing and this user may (root), otherwise says how.
set -euo pipefail
chromium="${CHROMIUM_PATH:-/usr/bin/chromium}"
[[ -x "$chromium" ]] && exit 0
if [[ $(id -u) -eq 0 ]] && command -v apt-get >/dev/null; then
  echo "Chromium is missing: installing Debian's package (apt-get install chromium)…"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  exit 0
fi
echo "Chromium not found at $chromium. Install it with: sudo apt-get install -y chromium (or set CHROMIUM_PATH)." >&2
exit 1
