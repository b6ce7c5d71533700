#!/usr/bin/env bash
# Runs libFuzzer targets built by `make fuzz-build`, each for SECONDS, after making their seeds.
#   Fuzz/run.sh [--fresh] SECONDS TARGET...
# --fresh (for `make fuzz-test`) starts from the seeds alone, not from what earlier runs learnt, so that
# the run takes SECONDS however long the fuzzers have run before.
# Seeds come from the project's own artifacts, made afresh each run in .build-fuzz/seeds/TARGET:
# receipts and JWS exported by storebench running Fuzz/Seeds/world.storebench (signed by the
# fuzzers' certificate authority, .build-fuzz/ca), verifyReceipt bodies around those receipts,
# the scripts in scripts/, the catalogs in catalog/ and the world it saves. Inputs that once crashed sit in
# Fuzz/corpus/TARGET. What the fuzzer learns is kept in .build-fuzz/corpus/TARGET.
# Tests/FuzzReplayTests/FuzzSeeds.swift makes the same seeds in the test's process (`make test` runs
# them, Fuzz/corpus and Fuzz/crashes through the targets' bodies): keep the two in step.
# A crash, timeout or out-of-memory input is saved in Fuzz/crashes/TARGET/; the run then fails.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=$root/.build-fuzz
seeds=$build/seeds
corpora=$build/corpus
if [ "$1" = --fresh ]; then
  corpora=$build/fresh-corpus
  rm -rf "$corpora"
  shift
fi
seconds=$1
shift
export STOREBENCH_CA_DIR=$build/ca
unset STOREBENCH_CATALOG
# LeakSanitizer cannot follow pointers that Swift packs into enum payloads, so it reports objects
# that global caches still hold (the certificate authority's keys) as leaked: leaks are not checked.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0}
# Swift's own backtracer would catch a trap before libFuzzer does, and can outlive the target holding
# its output open; libFuzzer then prints the stack and saves the input itself.
export SWIFT_BACKTRACE=enable=no

make_seeds() {
  rm -rf "$seeds" "$build/scratch"
  local target
  for target in ReceiptFuzzer JWSFuzzer ScriptFuzzer CatalogFuzzer StoreKitFuzzer VerifyReceiptFuzzer \
    WorldFileFuzzer ImportFuzzer ServerBodyFuzzer; do
    mkdir -p "$seeds/$target"
  done
  cp "$root/Fuzz/Seeds/world.storebench" "$seeds/"
  if ! "$root/.build/debug/storebench" run "$seeds/world.storebench" >"$seeds/world.log" 2>&1; then
    echo "fuzz: storebench could not make the seeds:" >&2
    cat "$seeds/world.log" >&2
    exit 1
  fi
  cp "$seeds"/out/*.der "$seeds/ReceiptFuzzer/"
  cp "$seeds"/out/*.jws "$seeds/JWSFuzzer/"
  for file in "$seeds"/out/*.b64; do
    printf '{"receipt-data": "%s", "password": "shared-secret", "exclude-old-transactions": true}\n' \
      "$(tr -d '\n' <"$file")" >"$seeds/VerifyReceiptFuzzer/$(basename "$file" .b64).json"
  done
  # The script fuzzer keeps copies of the catalogs in catalog/ of its scratch directory.
  for file in "$root"/scripts/*.storebench "$root/Fuzz/Seeds/world.storebench"; do
    sed 's#\.\./catalog/#catalog/#g' "$file" >"$seeds/ScriptFuzzer/$(basename "$file")"
  done
  cp "$root"/catalog/*.json "$seeds/CatalogFuzzer/"
  cp "$root"/catalog/*.storekit "$seeds/StoreKitFuzzer/"
  cp "$seeds"/out/*.world.json "$seeds/WorldFileFuzzer/"
  # The server-body fuzzer's inputs: a byte choosing the form, then the body (committed seeds).
  cp "$root"/Fuzz/Seeds/ServerBodyFuzzer/* "$seeds/ServerBodyFuzzer/"
  # The import fuzzer's inputs: a byte choosing the reader (0 receipt, 1 verifyReceipt answer,
  # 2 signed data), then the data.
  local file
  for file in "$seeds"/out/*.der; do
    { printf '\000'; cat "$file"; } >"$seeds/ImportFuzzer/$(basename "$file" .der).receipt"
  done
  for file in "$seeds"/out/*.jws; do
    { printf '\002'; cat "$file"; } >"$seeds/ImportFuzzer/$(basename "$file" .jws).jws"
  done
  cp "$seeds/out/final.world.json" "$seeds/answer.world.json"
  {
    printf '\001'
    "$root/.build/debug/storebench" --state "$seeds/answer.world.json" verify --json --password shared-secret
  } >"$seeds/ImportFuzzer/answer.json"
}

# The names of the SUBCOMMANDS a help text lists.
subcommands() {
  awk '/^SUBCOMMANDS:/ { listed = 1; next } listed && /^  [a-z]/ { sub(",", "", $1); print $1 }'
}

# The words of the command language, for the script fuzzer to splice into its inputs: command
# and subcommand names, options and their listed values from storebench's own help, the sample
# catalogs' product ids, and a few words and numbers help does not list.
make_dictionary() {
  local storebench=$root/.build/debug/storebench command subcommand
  {
    printf '%s\n' try last '#1' 1y 1mo 1d12h B/s KB/s MB/s GB/s 0 -1 0.000001 999999 9223372036854775807
    grep -ho '"id": *"[^"]*"' "$root"/catalog/*.json | sed 's/.*: *"//; s/"$//'
    for command in $("$storebench" help-commands | subcommands); do
      echo "$command"
      for subcommand in "" $("$storebench" help-commands "$command" | subcommands); do
        # shellcheck disable=SC2086 # no subcommand: the command's own help
        "$storebench" help-commands "$command" $subcommand |
          sed -n 's/.*(values: \([^)]*\)).*/\1/p; /^SUBCOMMANDS:/,$ { s/^  \([a-z][a-z-]*\).*/\1/p; }; s/.*\(--[a-z][a-z-]*\).*/\1/p' |
          tr ',' '\n' | tr -d ' '
      done
    done
  } | sort -u | sed 's/.*/"&"/' >"$seeds/ScriptFuzzer.dict"
}

# One line per target from libFuzzer's final statistics.
summarize() {
  local target=$1 log=$2 status=$3
  local runs rate coverage
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
  coverage=$(grep -o 'cov: [0-9]*' "$log" | tail -1)
  printf '%-20s %s runs, %s exec/s, %s, ' "$target" "${runs:-?}" "${rate:-?}" "${coverage:-cov: ?}"
  if [ "$status" = 0 ]; then echo "no crash"; else echo "FAILED (status $status)"; fi
}

make_seeds
make_dictionary
mkdir -p "$build/logs"
failed=()
for target in "$@"; do
  corpus=$corpora/$target
  crashes=$root/Fuzz/crashes/$target
  log=$build/logs/$target.log
  mkdir -p "$corpus" "$crashes"
  directories=("$corpus" "$seeds/$target")
  if [ -d "$root/Fuzz/corpus/$target" ]; then directories+=("$root/Fuzz/corpus/$target"); fi
  options=()
  if [ -f "$seeds/$target.dict" ]; then options+=(-dict="$seeds/$target.dict"); fi
  "$build/release/$target" -max_total_time="$seconds" -timeout=25 -detect_leaks=0 -print_final_stats=1 \
    -artifact_prefix="$crashes/" "${options[@]}" "${directories[@]}" </dev/null >"$log" 2>&1
  status=$?
  summarize "$target" "$log" "$status"
  if [ "$status" != 0 ]; then
    failed+=("$target")
    grep -v '^#[0-9]' "$log" | tail -60
  fi
done
if [ ${#failed[@]} -gt 0 ]; then
  echo "fuzz: ${failed[*]} failed; the inputs are in Fuzz/crashes/ (see docs/architecture.md, Fuzzing)" >&2
  exit 1
fi
