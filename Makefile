# storebench: `make run` opens the prompt on the default catalog; `make test` runs every test.
SWIFT ?= swift
BIN := .build/debug/storebench

.PHONY: run test build build-tests deps install unit-tests fuzz-replay example-tests script-tests acceptance-tests \
  end-to-end-tests \
  fuzz fuzz-build fuzz-test format lint release bench bench-serve clean docs browser-tests release-tests

# Installs what the build and the tests need when it is missing: Debian's packages through apt-get
# on Linux, Homebrew's on macOS, or says what to install (.ci/deps; `.ci/deps --dry-run` only says).
deps:
	@bash .ci/deps

# The debug binary, rebuilt only when a source, a resource or the manifest is newer than it.
SOURCES := Package.swift $(shell find Sources -type f 2>/dev/null)

$(BIN): $(SOURCES)
	$(SWIFT) build

build: deps $(BIN)

# The binary and every test target in one build, as `make test` needs them.
build-tests: deps
	$(SWIFT) build --build-tests

run: build
	$(BIN)

# storebench on your PATH: the release build in $(PREFIX)/lib/storebench, and $(PREFIX)/bin/storebench
# to run it (PREFIX=/usr/local, or any other directory you can write to).
PREFIX ?= $(HOME)/.local

install: release
	bash .ci/install .build/release "$(PREFIX)"

# Tests use a certificate authority of their own, not the one in your data directory.
test-ca := $(CURDIR)/.build/test-ca

# The phases of `make test`, timed: a table at the end says how long each took (.ci/phases). The
# acceptance tests' Python environment is made (when the machine has none yet) beside the build.
TEST_PHASES := build-tests unit-tests fuzz-replay example-tests script-tests acceptance-tests end-to-end-tests \
  browser-tests

test:
	@{ bash Tests/venv.sh Tests/Acceptance/requirements.txt appstoreserverlibrary inapppy; \
	  bash Tests/venv.sh Tests/Browser/requirements.txt selenium; } >/dev/null 2>&1 & \
	  bash .ci/phases "$(MAKE)" $(TEST_PHASES)

unit-tests:
	STOREBENCH_CA_DIR=$(test-ca) $(SWIFT) test --skip FuzzReplayTests

# Every fuzz target's seeds and saved inputs (Fuzz/corpus, Fuzz/crashes) through its body, in the
# debug build: what keeps the fuzzers' findings checked without a campaign (Tests/FuzzReplayTests).
fuzz-replay:
	STOREBENCH_CA_DIR=$(test-ca) $(SWIFT) test --filter FuzzReplayTests

# The example package (Examples/StoreApp: an app's StoreKit 2 store class, tested with TestStore and
# with SKTestSession), built in the same scratch directory, so that it reuses the modules the test
# build made.
example-tests:
	cd Examples/StoreApp && STOREBENCH_CA_DIR=$(test-ca) $(SWIFT) test --scratch-path $(CURDIR)/.build

script-tests:
	STOREBENCH_CA_DIR=$(test-ca) $(BIN) test scripts

# OpenSSL and Apple's App Store Server Library (installed in a virtual environment) check the artifacts.
acceptance-tests:
	bash Tests/Acceptance/run.sh

# The app and its backend in one served world (Examples/StoreApp/Tests/EndToEndTests): the built
# storebench serves the default catalog, the app's Store class connects to it as iPhone-sim, and
# Backend/receiver.py, with Apple's App Store Server Library, receives and verifies the world's
# notifications. It runs END_TO_END_RUNS times, each a fresh server and backend: every run must pass.
END_TO_END_RUNS ?= 20

end-to-end-tests:
	@python=$$(bash Tests/venv.sh Tests/Acceptance/requirements.txt appstoreserverlibrary inapppy)/bin/python; \
	  cd Examples/StoreApp && $(SWIFT) build --build-tests --scratch-path $(CURDIR)/.build >/dev/null && \
	  for run in $$(seq $(END_TO_END_RUNS)); do \
	    STOREBENCH_BINARY=$(CURDIR)/$(BIN) STOREBENCH_PYTHON=$$python STOREBENCH_CA_DIR=$(test-ca) \
	      $(SWIFT) test --skip-build --scratch-path $(CURDIR)/.build --filter EndToEndTests >.e2e-run.log 2>&1 \
	      || { cat .e2e-run.log; echo "end-to-end run $$run of $(END_TO_END_RUNS) failed"; rm -f .e2e-run.log; exit 1; }; \
	  done; rm -f .e2e-run.log; echo "end-to-end: $(END_TO_END_RUNS) runs of $(END_TO_END_RUNS) passed"

# The command-line tests that send signals and read files (Ctrl-C, long moves, FIFOs) against the
# release binary too: an optimizer must not lose the interrupt. Not part of `make test`, whose
# fifteen minutes a second, optimized build of everything would pass.
release-tests: release build-tests
	STOREBENCH_BINARY=.build/release/storebench STOREBENCH_CA_DIR=$(test-ca) $(SWIFT) test --skip-build \
	  --filter 'InterruptTests|LongMoveTests|ErrorShapeTests'

# The page on `serve` in Chromium (Selenium in a virtual environment): screenshots in .build/browser-test/.
browser-tests:
	bash Tests/Browser/run.sh

# libFuzzer campaigns (Fuzz/, a package of its own built into .build-fuzz with ASan, over the bodies in
# Sources/FuzzTargets): `make fuzz` runs each target for FUZZ_SECONDS; `make fuzz-test`, a short
# campaign from the seeds alone, for FUZZ_TEST_SECONDS. Crashes go to Fuzz/crashes/, which
# `make test` replays (fuzz-replay). Campaigns are not part of `make test`.
FUZZ_SECONDS ?= 60
FUZZ_TEST_SECONDS ?= 15
FUZZ_TARGETS := ReceiptFuzzer JWSFuzzer ScriptFuzzer CatalogFuzzer StoreKitFuzzer VerifyReceiptFuzzer WorldFileFuzzer \
  ImportFuzzer ServerBodyFuzzer

fuzz-build: deps
	$(SWIFT) build --package-path Fuzz --scratch-path .build-fuzz -c release -Xswiftc -sanitize=fuzzer,address

fuzz: build fuzz-build
	bash Fuzz/run.sh $(FUZZ_SECONDS) $(FUZZ_TARGETS)

fuzz-test: build fuzz-build
	bash Fuzz/run.sh --fresh $(FUZZ_TEST_SECONDS) $(FUZZ_TARGETS)

# docs/commands.md, the command reference, made from the command specifications (a test compares them).
docs: build
	$(BIN) help-commands --markdown > docs/commands.md.tmp && mv docs/commands.md.tmp docs/commands.md

format:
	$(SWIFT) format format -i --recursive Sources Tests Package.swift Fuzz/Sources Fuzz/Package.swift Examples

lint:
	$(SWIFT) format lint --strict --recursive Sources Tests Package.swift Fuzz/Sources Fuzz/Package.swift Examples

release: deps
	$(SWIFT) build -c release

clean:
	rm -rf .build .build-fuzz

bench: release
	.build/release/storebench bench

# The HTTP server under wrk (installed here when missing; not part of `make test`).
bench-serve: release
	@command -v wrk >/dev/null 2>&1 || { command -v apt-get >/dev/null 2>&1 || { echo "install wrk (brew install wrk)"; exit 1; }; \
	  SUDO=""; [ "$$(id -u)" = 0 ] || SUDO=sudo; $$SUDO apt-get update -qq && $$SUDO apt-get install -y -qq wrk; }
	.build/release/storebench bench --only serve
