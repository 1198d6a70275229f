#!/usr/bin/env bash
# The test suite starts throw-away PostgreSQL servers from the Debian `postgresql` package's
# binaries (initdb, pg_ctl). `make test` runs this first so that a fresh machine gets them:
# nothing happens where they are already installed.
set -euo pipefail
have_postgres() {
    command -v initdb >/dev/null 2>&1 && command -v pg_ctl >/dev/null 2>&1 && return 0
    for bindir in /usr/lib/postgresql/*/bin; do
        [ -x "$bindir/initdb" ] && [ -x "$bindir/pg_ctl" ] && return 0
    done
    return 1
}
if have_postgres; then
    exit 0
fi
echo "Installing PostgreSQL's server binaries (Debian package postgresql) for the storage tests."
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
$sudo apt-get update
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y postgresql
