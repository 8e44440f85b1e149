#!/usr/bin/env bash
# Installs the Debian packages the app or the tests need, only when something is missing.
#   app:  graphviz (server-side SVG/PNG rendering of trees for download)
#   test: the above, plus chromium and fonts (Latin, emoji, CJK) for the real-browser suite
#   compiler PYTHON: a C compiler and PYTHON's headers, with which the set-up compiles the
#         engine's kernels ahead of time (treecore/ahead.py)
set -euo pipefail
want=(graphviz)
missing() { ! command -v dot >/dev/null 2>&1; }
if [ "${1:-app}" = compiler ]; then
  want=(gcc python3-dev)
  headers='import os, sys, sysconfig
sys.exit(not os.path.exists(os.path.join(sysconfig.get_paths()["include"], "Python.h")))'
  missing() { ! command -v gcc >/dev/null 2>&1 || ! "${2:-python3}" -c "$headers"; }
fi
if [ "${1:-app}" = test ]; then
  want+=(chromium fonts-liberation fonts-noto-color-emoji fonts-noto-cjk)
  missing() { ! command -v dot >/dev/null 2>&1 || ! command -v chromium >/dev/null 2>&1 \
              || ! fc-list 2>/dev/null | grep -qi "Noto Sans CJK"; }
fi
missing || exit 0
sudo=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then sudo="sudo"; else
    echo "system-deps: please install as root: apt-get install ${want[*]}" >&2; exit 0; fi
fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${want[@]}" >/dev/null \
  || { $sudo apt-get update -qq && $sudo apt-get install -y -qq --no-install-recommends "${want[@]}" >/dev/null; }
