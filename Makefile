# KioskKit: `make run` builds and runs the kiosk, `make test` builds and runs every test.
# Both install the Debian packages they lack first.

PREFIX ?= /usr/local
DESTDIR ?=
SWIFT ?= swift
CONFIG ?= Config/kiosk.yaml

DEB_PACKAGES = pkg-config libcairo2-dev libpango1.0-dev libpixman-1-dev libdrm-dev libinput-dev \
	libudev-dev libyaml-dev libxkbcommon-dev xkb-data libsystemd-dev libseat-dev fonts-dejavu-core

.PHONY: all deps build run test bench clean e2e

all: build

# Installs only what is missing, so a prepared machine pays nothing.
deps:
	@missing=$$(for p in $(DEB_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || echo $$p; done); \
	if [ -n "$$missing" ]; then \
		echo "Installing Debian packages: $$missing"; \
		SUDO=$$([ "$$(id -u)" -eq 0 ] || echo sudo); \
		$$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq --no-install-recommends $$missing; \
	fi

build: deps
	$(SWIFT) build

run: build
	$$($(SWIFT) build --show-bin-path)/kiosk run --config $(CONFIG)

test: build
	$(SWIFT) test

# End-to-end: the DRM and input paths inside QEMU guests with virtual GPUs (Tests/e2e/run.sh).
e2e: build
	KIOSK_BIN_DIR=$$($(SWIFT) build --show-bin-path) Tests/e2e/run.sh

bench: deps
	$(SWIFT) run -c release kiosk-bench

clean:
	rm -rf .build
