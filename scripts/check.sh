#!/usr/bin/env bash
# npm test's first step: the typecheck and the lint, side by side. Each of tsc, eslint and prettier
# is one core's work and the machine has two: 26 s and 43 s one after the other, about 45 s together.
# The route types are generated first, so that neither reads them half-written.
# With --build (npm test), the production build runs beside them: the lint's chain is the longer,
# and the build (which writes only build/, read by neither) fills the core tsc leaves idle.
set -u
cd "$(dirname "$0")/.."
npx react-router typegen || exit 1
built=0
if [[ ${1:-} == --build ]]; then
  build_log=$(mktemp)
  npm run -s build >"$build_log" 2>&1 &
  build=$!
fi
npx tsc &
typecheck=$!
npm run -s lint &
lint=$!
wait "$typecheck"
typechecked=$?
wait "$lint"
linted=$?
if [[ ${1:-} == --build ]]; then
  wait "$build"
  built=$?
  cat "$build_log"
  rm -f "$build_log"
fi
((typechecked == 0)) || echo "The typecheck failed (npm run typecheck)." >&2
((linted == 0)) || echo "The lint failed (npm run lint)." >&2
((built == 0)) || echo "The build failed (npm run build)." >&2
exit $((typechecked || linted || built))
