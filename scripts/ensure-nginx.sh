#!/usr/bin/env bash
# `npm run cluster` (and the end-to-end tests through it) put Debian's nginx in front of the server processes.
exec bash "$(dirname "$0")/ensure-debian-package.sh" "${NGINX_PATH:-/usr/sbin/nginx}" nginx NGINX_PATH
