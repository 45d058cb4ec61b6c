#!/usr/bin/env bash
# The end-to-end tests drive Debian's Chromium; no test tool may download a browser of its own.
# The full browser (screenshots, the audit, the artwork) and its headless shell (the e2e tests).
bash "$(dirname "$0")/ensure-debian-package.sh" "${CHROMIUM_PATH:-/usr/bin/chromium}" chromium CHROMIUM_PATH
exec bash "$(dirname "$0")/ensure-debian-package.sh" "${E2E_CHROMIUM_PATH:-/usr/bin/chromium-headless-shell}" chromium-headless-shell E2E_CHROMIUM_PATH
