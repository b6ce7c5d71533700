#!/usr/bin/env bash
# The page on `storebench serve` in a real browser: Debian's Chromium and chromedriver (the
# Makefile's deps step installs them), Selenium in a virtual environment of its own.
# Screenshots go to .build/browser-test/.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
venv=$(bash "$root/Tests/venv.sh" "$here/requirements.txt" selenium)
export STOREBENCH_CA_DIR=${STOREBENCH_CA_DIR:-$root/.build/test-ca}
"$venv/bin/python" "$here/page_test.py" "$root/.build/browser-test"
