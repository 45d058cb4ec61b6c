#!/usr/bin/env bash
# `npm run cluster` (and the end-to-end tests through it) put Debian's nginx in front of the server
# processes. Installs it when missing and this user may (root), otherwise says how.
set -euo pipefail
nginx="${NGINX_PATH:-/usr/sbin/nginx}"
[[ -x "$nginx" ]] && exit 0
if [[ $(id -u) -eq 0 ]] && command -v apt-get >/dev/null; then
  echo "nginx is missing: installing Debian's package (apt-get install nginx)…"
  apt-get update -qq
  # Only the binary is wanted: the package's own service is neither started nor needed.
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends nginx >/dev/null
  exit 0
fi
echo "nginx not found at $nginx. Install it with: sudo apt-get install -y nginx (or set NGINX_PATH)." >&2
exit 1
