#!/usr/bin/env bash
# What the tests need from the system: Debian's Chromium (never a downloaded browser) and CJK fonts
# so Chinese renders, for the browser tests; Debian's pgbouncer and nginx, which the PostgreSQL
# suite starts (src/server/db/pgbouncer.api.test.ts, tests/deploy/deployment.api.test.ts).
# Installs them when run as root on Debian; otherwise says what to do.
set -euo pipefail
need=()
[ -x /usr/bin/chromium ] || need+=(chromium)
fc-list 2>/dev/null | grep -qi 'Noto Sans CJK' || need+=(fonts-noto-cjk)
[ -x /usr/sbin/pgbouncer ] || need+=(pgbouncer)
[ -x /usr/sbin/nginx ] || need+=(nginx)
[ ${#need[@]} -eq 0 ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "installing ${need[*]} from apt"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >/dev/null
  apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
else
  echo "The tests need: ${need[*]}. On Debian/Ubuntu run: sudo apt-get install -y ${need[*]}" >&2
  exit 1
fi
