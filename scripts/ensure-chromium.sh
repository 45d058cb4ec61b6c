#!/usr/bin/env bash
# The end-to-end tests drive Debian's Chromium; no test tool may download a browser of its own.
exec bash "$(dirname "$0")/ensure-debian-package.sh" "${CHROMIUM_PATH:-/usr/bin/chromium}" chromium CHROMIUM_PATH
