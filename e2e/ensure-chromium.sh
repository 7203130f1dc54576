#!/bin/sh
# The browser tests drive Debian's Chromium (no browser is downloaded by the test tools here).
# Installs it when it is missing and this machine can; otherwise says what to do.
browser="${CHROMIUM_PATH:-/usr/bin/chromium}"
[ -x "$browser" ] && exit 0
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Debian's chromium for the browser tests…"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium && exit 0
fi
echo "The browser tests need Chromium at $browser: install Debian's 'chromium' package or set CHROMIUM_PATH." >&2
exit 1
