#!/bin/sh
# Runs one of the shop's npm commands by hand the way shop.service runs the shop: as the
# user shop, in /srv/shop, with the settings of /etc/shop/shop.env. Run it with sudo:
#   sudo /srv/shop/deploy/shop-cli.sh start                        (first start, step 1.6)
#   sudo /srv/shop/deploy/shop-cli.sh run db:restore -- /var/backups/shop/shop-2026-11-25.tar.gz
#   sudo /srv/shop/deploy/shop-cli.sh run files:copy-to-s3
# SHOP_CLI_DIR, SHOP_CLI_ENV and SHOP_CLI_USER change the folder, the settings file and the user.
set -eu
SHOP_DIR=${SHOP_CLI_DIR:-/srv/shop}
SHOP_ENV=${SHOP_CLI_ENV:-/etc/shop/shop.env}
SHOP_USER=${SHOP_CLI_USER:-shop}

if [ "$(id -u)" -ne 0 ]; then
  echo "Run it with sudo: sudo $0 $*" >&2
  exit 1
fi
# Read as root (the file may stay private), exported to the command.
set -a
. "$SHOP_ENV"
set +a
cd "$SHOP_DIR"
exec runuser -u "$SHOP_USER" -- env npm_config_update_notifier=false /usr/bin/npm "$@"
