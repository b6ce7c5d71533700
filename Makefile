# storebench: `make run` opens the prompt on the default catalog; `make test` runs every test.
SWIFT ?= swift
BIN := .build/debug/storebench

.PHONY: run test build deps unit-tests script-tests format lint release bench clean

# Installs what the build and the tests need when it is missing (Debian: libedit, tmux, openssl).
deps:
	@missing=""; \
	[ -f /usr/include/histedit.h ] || missing="$$missing libedit-dev"; \
	command -v tmux >/dev/null 2>&1 || missing="$$missing tmux"; \
	command -v openssl >/dev/null 2>&1 || missing="$$missing openssl"; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; \
	  SUDO=""; [ "$$(id -u)" = 0 ] || SUDO=sudo; \
	  $$SUDO apt-get update -qq && $$SUDO apt-get install -y -qq $$missing; \
	fi

build: deps
	$(SWIFT) build

run: build
	$(BIN)

test: build unit-tests script-tests

unit-tests:
	$(SWIFT) test

script-tests:
	$(BIN) test scripts

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
