# storebench: `make run` opens the prompt on the default catalog; `make test` runs every test.
SWIFT ?= swift
BIN := .build/debug/storebench

.PHONY: run test build deps unit-tests script-tests acceptance-tests format lint release bench clean

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

test: build unit-tests script-tests acceptance-tests

unit-tests:
	STOREBENCH_CA_DIR=$(test-ca) $(SWIFT) test

script-tests:
	STOREBENCH_CA_DIR=$(test-ca) $(BIN) test scripts

# OpenSSL and Apple's App Store Server Library (installed in a virtual environment) check the artifacts.
acceptance-tests:
	bash Tests/Acceptance/run.sh

format:
	$(SWIFT) format format -i --recursive Sources Tests Package.swift

lint:
	$(SWIFT) format lint --strict --recursive Sources Tests Package.swift

release: deps
	$(SWIFT) build -c release

clean:
	rm -rf .build

bench: release
	.build/release/storebench bench
