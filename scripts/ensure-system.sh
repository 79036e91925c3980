#!/usr/bin/env bash
# What the tests need from the system: Debian's Chromium (never a downloaded browser), CJK fonts
# so Chinese renders, and the servers a test runs. Installs them when run as root on Debian;
# otherwise says what to do.
set -euo pipefail
need=()
[ -x /usr/bin/chromium ] || need+=(chromium)
fc-list 2>/dev/null | grep -qi 'Noto Sans CJK' || need+=(fonts-noto-cjk)
# The deployment test runs deploy/nginx.conf (tests/deploy/deployment.api.test.ts).
[ -x /usr/sbin/nginx ] || need+=(nginx)
[ ${#need[@]} -eq 0 ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "installing ${need[*]} from apt"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >/dev/null
  apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
else
  echo "The browser tests need: ${need[*]}. On Debian/Ubuntu run: sudo apt-get install -y ${need[*]}" >&2
  exit 1
fi
