#!/usr/bin/env bash
# The browser tests drive Debian's Chromium (Playwright cannot download its own
# here). Make sure it is there: install it with apt when we are root on a
# Debian-like machine, otherwise stop with one line saying what to install.
set -euo pipefail
chromium="${CHROMIUM_PATH:-/usr/bin/chromium}"
[ -x "$chromium" ] && exit 0
if [ -n "${CHROMIUM_PATH:-}" ]; then
  echo "browser tests: CHROMIUM_PATH=$chromium is not an executable; point it at Chromium or unset it" >&2
  exit 1
fi
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "browser tests: installing Debian's chromium (apt-get install chromium fonts-liberation)..." >&2
  export DEBIAN_FRONTEND=noninteractive
  if apt-get update -qq && apt-get install -y -qq chromium fonts-liberation >/dev/null && [ -x "$chromium" ]; then
    exit 0
  fi
  echo "browser tests: installing chromium with apt-get failed; install it yourself (apt-get install chromium) and run again" >&2
  exit 1
fi
echo "browser tests need Chromium at /usr/bin/chromium: install it (Debian: sudo apt-get install chromium) or set CHROMIUM_PATH" >&2
exit 1
