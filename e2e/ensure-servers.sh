#!/bin/sh
# The several-servers environment (e2e/several-servers.spec.ts) runs Debian's HAProxy and its own
# redis-server. Installs what is missing when this machine can; otherwise says what to do.
missing=""
command -v haproxy >/dev/null 2>&1 || [ -x /usr/sbin/haproxy ] || missing="$missing haproxy"
command -v redis-server >/dev/null 2>&1 || missing="$missing redis-server"
[ -z "$missing" ] && exit 0
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Debian's$missing for the several-servers tests…"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $missing && exit 0
fi
echo "The several-servers tests need:$missing (Debian's packages of those names)." >&2
exit 1
