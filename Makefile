# storebench: `make run` opens the prompt on the default catalog; `make test` runs every test.
SWIFT ?= swift
BIN := .build/debug/storebench

.PHONY: run test build deps unit-tests script-tests acceptance-tests fuzz fuzz-build fuzz-test format lint \
  release bench bench-serve clean docs

# Installs what the build and the tests need when it is missing (Debian: libedit, tmux, openssl).
deps:
	@missing=""; \
	[ -f /usr/include/histedit.h ] || missing="$$missing libedit-dev"; \
	command -v tmux >/dev/null 2>&1 || missing="$$missing tmux"; \
	command -v openssl >/dev/null 2>&1 || missing="$$missing openssl"; \
	python3 -m venv --help >/dev/null 2>&1 || missing="$$missing python3-venv"; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; \
	  SUDO=""; [ "$$(id -u)" = 0 ] || SUDO=sudo; \
	  $$SUDO apt-get update -qq && $$SUDO apt-get install -y -qq $$missing; \
	fi

build: deps
	$(SWIFT) build

run: build
	$(BIN)

# Tests use a certificate authority of their own, not the one in your data directory.
test-ca := $(CURDIR)/.build/test-ca

test: build unit-tests script-tests acceptance-tests fuzz-test

unit-tests:
	STOREBENCH_CA_DIR=$(test-ca) $(SWIFT) test

script-tests:
	STOREBENCH_CA_DIR=$(test-ca) $(BIN) test scripts

# OpenSSL and Apple's App Store Server Library (installed in a virtual environment) check the artifacts.
acceptance-tests:
	bash Tests/Acceptance/run.sh

# libFuzzer targets (Fuzz/, a package of its own built into .build-fuzz with ASan): `make fuzz` runs
# each for FUZZ_SECONDS; `make test` runs each for FUZZ_TEST_SECONDS. Crashes go to Fuzz/crashes/.
FUZZ_SECONDS ?= 60
FUZZ_TEST_SECONDS ?= 15
FUZZ_TARGETS := ReceiptFuzzer JWSFuzzer ScriptFuzzer CatalogFuzzer StoreKitFuzzer VerifyReceiptFuzzer WorldFileFuzzer \
  ImportFuzzer

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
	$(SWIFT) format format -i --recursive Sources Tests Package.swift Fuzz/Sources Fuzz/Package.swift

lint:
	$(SWIFT) format lint --strict --recursive Sources Tests Package.swift Fuzz/Sources Fuzz/Package.swift

release: deps
	$(SWIFT) build -c release

clean:
	rm -rf .build .build-fuzz

bench: release
	.build/release/storebench bench

# The HTTP server under wrk (installed here when missing; not part of `make test`).
bench-serve: release
	@command -v wrk >/dev/null 2>&1 || { SUDO=""; [ "$$(id -u)" = 0 ] || SUDO=sudo; \
	  $$SUDO apt-get update -qq && $$SUDO apt-get install -y -qq wrk; }
	.build/release/storebench bench --only serve
