#!/usr/bin/env bash
# Prints the path of a Python virtual environment that holds what a requirements file names, after
# creating it when it is missing or broken. Usage: venv.sh REQUIREMENTS MODULE… (the modules it
# must import). It lives in the user's cache, one per contents of the requirements file, so that
# a fresh checkout on a machine that ran the tests before installs nothing (a fresh install takes
# minutes: pip reads the index page of every dependency). `make test` starts the tests'
# environments beside the build, and their run.sh calls it again; a second caller waits for the
# first. What pip said is in the environment's .log file.
set -uo pipefail
requirements=$1
shift
check="import $(IFS=,; echo "$*")"
cache=${XDG_CACHE_HOME:-${HOME:-/tmp}/.cache}/storebench
# sha256sum on Linux, shasum on macOS.
digest=$( (sha256sum 2>/dev/null || shasum -a 256) <"$requirements" | cut -c1-16)
venv=$cache/venv-$digest
mkdir -p "$cache"
if command -v flock >/dev/null 2>&1; then
  exec 9>"$venv.lock"
  flock 9
else
  # macOS has no flock: a directory made by one caller at a time is the lock.
  until mkdir "$venv.lockdir" 2>/dev/null; do sleep 1; done
  trap 'rmdir "$venv.lockdir"' EXIT
fi
if ! "$venv/bin/python" -c "$check" 2>/dev/null; then
  rm -rf "$venv"
  { python3 -m venv "$venv" && "$venv/bin/pip" install -q -r "$requirements"; } >"$venv.log" 2>&1
fi
echo "$venv"
