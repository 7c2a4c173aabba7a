#!/usr/bin/env bash
# A first start as a service manager sees it (issue 24): `npm start` with no dist/ and an empty data
# folder, its output piped to a file. It must build the SPA, create the demo fleet and print the
# ready banner ("Flota lista en ...") after fewer than 60 lines. Stops the server once the banner is
# out (or after 10 minutes). Leaves dist/ built, so the browser tests can use it.
#   bash scripts/first-start-check.sh            (port 5390; FIRST_START_PORT to change it)
set -euo pipefail
cd "$(dirname "$0")/.."

port="${FIRST_START_PORT:-5390}"
max_lines=60
work="$(mktemp -d)"
log="$work/start.log"
rm -rf dist

# setsid: the server and webpack in their own process group, stopped together below.
PORT="$port" HOST=127.0.0.1 DATA_DIR="$work/data" setsid npm start >"$log" 2>&1 < /dev/null &
group=$!
stop() { kill -- "-$group" 2>/dev/null || true; wait "$group" 2>/dev/null || true; }
trap 'stop; rm -rf "$work"' EXIT

deadline=$((SECONDS + 600))
until grep -q 'Flota lista en' "$log"; do
  if ! kill -0 "$group" 2>/dev/null; then echo "npm start ended before its banner:"; cat "$log"; exit 1; fi
  if [ "$SECONDS" -ge "$deadline" ]; then echo "No banner after 10 minutes:"; cat "$log"; exit 1; fi
  sleep 2
done

before=$(($(grep -n -m1 'Flota lista en' "$log" | cut -d: -f1) - 1))
echo "--- npm start, piped (first start with a build) ---"
cat "$log"
echo "---"
echo "Lines before the banner: $before (limit: fewer than $max_lines)"
if [ "$before" -ge "$max_lines" ]; then exit 1; fi
