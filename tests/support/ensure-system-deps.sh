#!/usr/bin/env bash
# Installs what npm cannot: Chromium (browser tests) and a PostgreSQL server (API tests, bench),
# both from Debian, and only when missing. Never lets Playwright download a browser.
set -euo pipefail

missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null || missing+=(postgresql)

if ((${#missing[@]} == 0)); then
  echo "system deps: chromium and postgresql present"
  exit 0
fi

if ! command -v apt-get >/dev/null 2>&1; then
  echo "system deps: missing ${missing[*]} and no apt-get here; install them yourself (Debian: apt-get install -y ${missing[*]})" >&2
  exit 1
fi

as_root=()
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then
    as_root=(sudo -n)
  else
    echo "system deps: missing ${missing[*]}; run as root or install them: apt-get install -y ${missing[*]}" >&2
    exit 1
  fi
fi

echo "system deps: installing ${missing[*]} from Debian"
export DEBIAN_FRONTEND=noninteractive
"${as_root[@]}" apt-get update </dev/null
"${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y "${missing[@]}" </dev/null

command -v chromium >/dev/null 2>&1 || { echo "system deps: chromium still missing after install" >&2; exit 1; }
compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null || { echo "system deps: postgresql still missing after install" >&2; exit 1; }
