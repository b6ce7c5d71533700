#!/usr/bin/env bash
# Acceptance by real tools: OpenSSL verifies exported receipts, Apple's App Store Server Library
# for Python verifies exported JWS and reads the receipt. Ends with "N passed, N failed".
set -u
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
bin="$top/.build/debug/storebench"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
passed=0
failed=0
pass() { echo "ok    $1"; passed=$((passed + 1)); }
fail() { echo "FAIL  $1"; failed=$((failed + 1)); }

cp "$here/artifacts.storebench" "$work/"
mkdir -p "$work/catalog" && cp "$top/catalog/selfies.json" "$work/catalog/"
sed -i 's|../../catalog/selfies.json|catalog/selfies.json|' "$work/artifacts.storebench"
if (cd "$work" && STOREBENCH_CA_DIR="$work/ca" "$bin" run artifacts.storebench > run.log 2>&1); then
  pass "storebench exports a receipt, the root and JWS"
else
  fail "storebench exports a receipt, the root and JWS"; cat "$work/run.log"
fi
transaction_id=$(grep -o 'purchased 2[0-9]*' "$work/run.log" | tail -1 | awk '{print $2}')

if openssl cms -verify -CAfile "$work/root.pem" -purpose any -inform DER -binary -in "$work/receipt.der" -out "$work/payload.bin" 2> "$work/openssl.log"; then
  pass "openssl cms -verify accepts the receipt"
else
  fail "openssl cms -verify accepts the receipt"; cat "$work/openssl.log"
fi
if openssl cms -verify -CAfile "$work/root.pem" -purpose any -inform DER -binary -in "$work/tampered.der" -out /dev/null 2> /dev/null; then
  fail "openssl cms -verify rejects a tampered receipt"
else
  pass "openssl cms -verify rejects a tampered receipt"
fi
if openssl asn1parse -inform DER -in "$work/payload.bin" > /dev/null 2>&1 && grep -q "com.example.selfies" "$work/payload.bin"; then
  pass "the signed payload is an ASN.1 SET naming the bundle"
else
  fail "the signed payload is an ASN.1 SET naming the bundle"
fi

venv=$(bash "$here/../venv.sh" "$here/requirements.txt" appstoreserverlibrary inapppy)
if "$venv/bin/python" -c 'import appstoreserverlibrary' 2> /dev/null; then
  if "$venv/bin/python" "$here/check_apple_library.py" "$work" com.example.selfies "$transaction_id"; then
    pass "Apple's App Store Server Library accepts storebench's artifacts"
  else
    fail "Apple's App Store Server Library accepts storebench's artifacts"
  fi
  printf 'catalog load catalog/selfies.json\nbuy com.example.selfies.sub.allaccess\napi-key create --out AuthKey.p8\n' \
    > "$work/serve.storebench"
  (cd "$work" && STOREBENCH_CA_DIR="$work/ca" exec "$bin" serve serve.storebench > serve.out 2> serve.err) &
  server=$!
  for _ in $(seq 100); do [ -s "$work/serve.out" ] && break; sleep 0.1; done
  url=$(head -1 "$work/serve.out")
  served_id=$(grep -o 'purchased 2[0-9]*' "$work/serve.err" | tail -1 | awk '{print $2}')
  if "$venv/bin/python" "$here/check_server_auth.py" "$url" "$work/AuthKey.p8" SB00000001 \
    57246542-96fe-1a63-e053-0824d011072a com.example.selfies "$served_id"; then
    pass "storebench serve accepts the bearer token of Apple's library and refuses another bundle id"
  else
    fail "storebench serve accepts the bearer token of Apple's library and refuses another bundle id"
    cat "$work/serve.err"
  fi
  kill -TERM "$server" 2> /dev/null
  if wait "$server"; then
    pass "storebench serve ends with status 0 on SIGTERM"
  else
    fail "storebench serve ends with status 0 on SIGTERM"
  fi
else
  echo "################################################################"
  echo "SKIPPED: app-store-server-library could not be installed (see below)"
  echo "################################################################"
  tail -5 "$venv.log" 2> /dev/null
fi
if "$venv/bin/python" -c 'import appstoreserverlibrary' 2> /dev/null; then
  mkdir -p "$work/offers"
  cp "$top/catalog/offers.json" "$work/offers/"
  printf 'catalog load offers.json\noffer-key create --key-id ACCEPT0001 --out key.p8\nbuy com.example.studio.plus.monthly\nsave world.json\n' \
    > "$work/offers/make.storebench"
  if (cd "$work/offers" && STOREBENCH_CA_DIR="$work/ca" "$bin" run make.storebench > make.log 2>&1) \
    && "$venv/bin/python" "$here/offer_signatures.py" "$work/offers/key.p8" ACCEPT0001 com.example.studio \
      "$work/offers/buy.storebench" \
    && (cd "$work/offers" && STOREBENCH_CA_DIR="$work/ca" "$bin" run buy.storebench > buy.log 2>&1) \
    && grep -q "the signature is over product com.example.studio.plus.yearly" "$work/offers/buy.log"; then
    pass "storebench accepts offers signed now by Apple's library (V1, V2, eligibility) and names a wrong product"
  else
    fail "storebench accepts offers signed now by Apple's library (V1, V2, eligibility) and names a wrong product"
    cat "$work/offers/make.log" "$work/offers/buy.log" 2> /dev/null | tail -30
  fi
fi
if "$venv/bin/python" -c 'import appstoreserverlibrary, inapppy' 2> /dev/null; then
  mkdir -p "$work/year"
  if "$venv/bin/python" -W ignore::DeprecationWarning "$here/server_year.py" "$bin" "$work/year" > "$work/year.log" 2>&1; then
    pass "a backend's year against storebench serve: $(grep -c '^ok' "$work/year.log") checks by Apple's library, inapppy and a notification receiver"
  else
    fail "a backend's year against storebench serve"; grep -v '^ok' "$work/year.log" | tail -20
  fi
fi
if "$venv/bin/python" -c 'import appstoreserverlibrary' 2> /dev/null; then
  mkdir -p "$work/retention"
  if "$venv/bin/python" -W ignore::DeprecationWarning "$here/retention_messaging.py" "$bin" "$work/retention" \
    > "$work/retention.log" 2>&1; then
    pass "Retention Messaging against storebench serve: $(grep -c '^ok' "$work/retention.log") checks by Apple's library and a realtime endpoint"
  else
    fail "Retention Messaging against storebench serve"; grep -v '^ok' "$work/retention.log" | tail -20
  fi
  mkdir -p "$work/external"
  if (cd "$here" && "$venv/bin/python" -W ignore::DeprecationWarning external_purchase.py "$bin" "$work/external") \
    > "$work/external.log" 2>&1; then
    pass "external purchase tokens against storebench serve: $(grep -c '^ok' "$work/external.log") checks, every EXTERNAL_PURCHASE_TOKEN notification verified by Apple's SignedDataVerifier"
  else
    fail "external purchase tokens against storebench serve"; grep -v '^ok' "$work/external.log" | tail -20
  fi
  mkdir -p "$work/commitment"
  if "$venv/bin/python" "$here/commitment_year.py" "$bin" "$work/commitment" "$top/catalog/commitments.json" \
    > "$work/commitment.log" 2>&1; then
    pass "a 12-month commitment's year (auto-renew off in month 4) read by Apple's library: $(grep -c '^ok' "$work/commitment.log") checks of billingPlanType, commitmentInfo and renewalBillingPlanType"
  else
    fail "a 12-month commitment's year read by Apple's library"; grep -v '^ok' "$work/commitment.log" | tail -20
  fi
fi
echo "acceptance: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
