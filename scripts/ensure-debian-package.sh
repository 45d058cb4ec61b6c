#!/usr/bin/env bash
# ensure-debian-package.sh <executable> <package> <variable>: the tests use Debian's builds of their
# tools (Chromium, nginx), never downloaded ones. Installs <package> when <executable> is missing and
# this user may (root), otherwise says how; <variable> is the setting that points elsewhere.
set -euo pipefail
executable="$1" package="$2" variable="$3"
[[ -x "$executable" ]] && exit 0
if [[ $(id -u) -eq 0 ]] && command -v apt-get >/dev/null; then
  echo "$package is missing: installing Debian's package (apt-get install $package)…"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$package" >/dev/null
  exit 0
fi
echo "$package not found at $executable. Install it with: sudo apt-get install -y $package (or set $variable)." >&2
exit 1
