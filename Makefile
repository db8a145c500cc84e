# KioskKit: `make run` builds and runs the kiosk, `make test` builds and runs every test.
# Both install the Debian packages they lack first.

PREFIX ?= /usr/local
DESTDIR ?=
SWIFT ?= swift
CONFIG ?= Config/kiosk.yaml

# python3 and openssl serve the HTTP tests: a local server, and a certificate for its https variant.
# zbar-tools: the QR code tests read the rendered codes back with zbarimg.
# python3-venv: the remote view tests install vncdotool (PyPI) into a venv under .build.
# mosquitto, mosquitto-clients: the MQTT tests run a broker on 127.0.0.1 and talk to the kiosk with mosquitto_pub/sub.
# dbus-daemon: the backlight tests ask logind through a bus of their own.
DEB_PACKAGES = pkg-config libcairo2-dev libpango1.0-dev libpixman-1-dev libdrm-dev libinput-dev \
	libudev-dev libyaml-dev libxkbcommon-dev xkb-data libsystemd-dev libseat-dev libcurl4-openssl-dev libqrencode-dev \
	fonts-dejavu-core \
	fonts-materialdesignicons-webfont libturbojpeg0-dev librsvg2-dev python3 openssl zbar-tools \
	libvncserver-dev python3-venv libmosquitto-dev mosquitto mosquitto-clients dbus-daemon
# What the installed kiosk needs on a board where it was not built (the Swift runtime is linked in).
# polkitd: libseat asks logind to activate the kiosk's session, and logind asks polkit whether it may.
RUNTIME_PACKAGES = libcairo2 libpango-1.0-0 libpangocairo-1.0-0 libpixman-1-0 libdrm2 libinput10 \
	libudev1 libyaml-0-2 libxkbcommon0 xkb-data libsystemd0 libseat1 libcurl4 libqrencode4 libturbojpeg0 librsvg2-2 libvncserver1 ca-certificates polkitd fonts-dejavu-core libmosquitto1 \
	fonts-materialdesignicons-webfont

.PHONY: all deps build run test bench start-floor clean e2e soak fleet-sim

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

# Every test: unit, golden-image and headless tests, the showcase config and its scripts, a short
# run of each fuzzer, then the end-to-end suite in QEMU guests
# (KIOSK_SKIP_E2E=1 skips the latter on a developer machine).
test: build
	$(SWIFT) test
	# One virtual hour of the soak (Tests/Soak): random use of the showcase, checked every virtual hour.
	KIOSK_SOAK_HOURS=1 $$($(SWIFT) build --show-bin-path)/kiosk-soak
	# Every property of every widget of the showcase set to its extremes over the socket, left to right and right to
	# left (Tests/Soak/ExtremesSweep.swift).
	KIOSK_SOAK_EXTREMES=1 $$($(SWIFT) build --show-bin-path)/kiosk-soak
	$$($(SWIFT) build --show-bin-path)/kiosk check $(CONFIG)
	$$($(SWIFT) build --show-bin-path)/kiosk test Tests/Scripts/*.yaml
	# A small fleet on a local broker (`make fleet-sim` runs the full 40).
	Tests/Fleet/fleet-sim.py $$($(SWIFT) build --show-bin-path)/kiosk --kiosks 8
	# A package of its own that adds a component to KioskKit (Examples/GaugeKiosk) builds and runs.
	cd Examples/GaugeKiosk && $(SWIFT) build && $$($(SWIFT) build --show-bin-path)/gauge-kiosk --out .build/gauge.png
	# The benchmark and the day-long soak (`make soak`) are built optimized, as they are run: whole-module
	# optimization sees what debug builds do not.
	$(SWIFT) build -c release --product kiosk-bench
	$(SWIFT) build -c release --product kiosk-soak
	$(MAKE) --no-print-directory start-floor
	$(MAKE) --no-print-directory fuzz-regression
	# The Debian package, built once: lintian checks it, the fresh-board e2e scenario installs it.
	$(MAKE) --no-print-directory lint-deb
	@if [ "$(KIOSK_SKIP_E2E)" = "1" ]; then echo "e2e: skipped (KIOSK_SKIP_E2E=1)"; else $(MAKE) --no-print-directory e2e KIOSK_DEB="$(abspath $(DEB_FILE))"; fi

# End-to-end: the DRM and input paths inside QEMU guests with virtual GPUs (Tests/e2e/run.sh).
# KIOSK_DEB is the package the fresh-board scenario installs; without it, the scenario builds one.
e2e: build
	KIOSK_DEB="$(KIOSK_DEB)" KIOSK_BIN_DIR=$$($(SWIFT) build --show-bin-path) Tests/e2e/run.sh

# --- Fuzzing (Fuzz/README.md) ----------------------------------------------------------------
# libFuzzer targets for the config loader, a valid config's panels run headless, the control-request
# parser, the `kiosk test` script parser and formulas: a package of their own (Fuzz/), built
# optimized with AddressSanitizer in .build/fuzz so the kiosk's own build never sees them. `make
# fuzz` runs each for FUZZ_SECONDS, keeping what it finds in .build/fuzz/corpus; `make test` runs
# each for 30 s from the seeds alone. A crash fails either.
FUZZ_SECONDS ?= 600
FUZZ_REGRESSION_SECONDS ?= 30
FUZZ_TARGETS ?=
FUZZ_BUILD = $(SWIFT) build --package-path Fuzz -c release --scratch-path .build/fuzz -Xswiftc -sanitize=fuzzer,address

.PHONY: fuzz fuzz-build fuzz-regression

fuzz-build: deps
	$(FUZZ_BUILD)

fuzz: fuzz-build
	Fuzz/run.sh --bin-dir "$$($(FUZZ_BUILD) --show-bin-path)" --seconds $(FUZZ_SECONDS) $(FUZZ_TARGETS)

fuzz-regression: fuzz-build
	Fuzz/run.sh --bin-dir "$$($(FUZZ_BUILD) --show-bin-path)" --seconds $(FUZZ_REGRESSION_SECONDS) --regression $(FUZZ_TARGETS)

# The day-long soak: 24 virtual hours (KIOSK_SOAK_HOURS to change it; KIOSK_SOAK_SEED replays a run),
# optimized, since it is a day of frames: partial repaint against full, memory and live objects flat,
# nothing logged as a problem.
soak: deps
	$(SWIFT) build -c release --product kiosk-soak
	KIOSK_SOAK_HOURS=$${KIOSK_SOAK_HOURS:-24} $$($(SWIFT) build -c release --show-bin-path)/kiosk-soak

# Fleet simulation: FLEET_SIZE headless kiosks on one local mosquitto; a fleet-wide goto's latency
# (p50/p99/max), the last will of a killed kiosk, and memory per kiosk.
FLEET_SIZE ?= 40
fleet-sim: build
	Tests/Fleet/fleet-sim.py $$($(SWIFT) build --show-bin-path)/kiosk --kiosks $(FLEET_SIZE)

bench: deps start-floor
	$(SWIFT) run -c release kiosk-bench

# The libraries' part of the reference dashboard's first frame, done in C alone (Tests/StartFloor),
# built beside kiosk-bench, whose start rows then measure it as they measure the kiosk.
# The Swift toolchain's clang compiles it, as it compiles the package's C targets: Swift's
# prerequisites on Debian bring no other C compiler.
START_FLOOR_LIBRARIES = pangocairo pangoft2 fontconfig cairo pixman-1 harfbuzz yaml-0.1 libdrm
start-floor: deps
	@mkdir -p "$$($(SWIFT) build -c release --show-bin-path)"
	clang -O2 Tests/StartFloor/kiosk-start-floor.c -Wl,--no-as-needed $$(pkg-config --cflags --libs $(START_FLOOR_LIBRARIES)) -lm -lgcc_s \
		-o "$$($(SWIFT) build -c release --show-bin-path)/kiosk-start-floor"

clean:
	rm -rf .build

# --- Installation as a systemd service -------------------------------------------------------
# `make install` builds the release binary and installs it with the unit, its user, its PAM stack
# and the example config (never replacing an existing /etc/kiosk/kiosk.yaml). PREFIX and DESTDIR
# are honoured; KIOSK_BIN installs an already built binary instead of building one. The Swift
# runtime is linked into the binary, so a DESTDIR tree runs on a board that has only the Debian
# packages of `make runtime-packages` (no Swift toolchain).

BINDIR ?= $(PREFIX)/bin
SYSCONFDIR ?= /etc
UNITDIR ?= $(PREFIX)/lib/systemd/system
SYSUSERSDIR ?= $(PREFIX)/lib/sysusers.d
PAMDIR ?= $(SYSCONFDIR)/pam.d
KIOSK_BIN ?=
# How the installed binary is linked, for the memory it holds (docs/performance.md, "Start and
# memory"): by lld, which packs the position-independent binary's hundred thousand relative
# relocations into a few kilobytes (DT_RELR, glibc 2.36) where the default linker's table was 2 MiB
# read at every start; and without exporting every public symbol, which no one looks up in an
# executable, and which made its symbol table 0.7 MiB; with the functions a start runs side by side
# (START_ORDER, made by `make start-order`), which made 6 MiB of code resident spread out; and
# with libstdc++ linked in (packaging/link/libstdc++.so says why), 1.5 MiB less at READY; and
# with the compiler's unnamed functions at the head of the code (packaging/link/text-order.ld). The
# linker is chosen by a flag every compilation sees, so this build has a directory of its own: it
# would otherwise recompile the release build kiosk-bench shares, and be recompiled by it. It has no
# RUNPATH: SwiftPM's default, $ORIGIN, made the loader look for every library in /usr/bin first
# (two dozen failed opens at each start) and would load one planted beside the binary.
START_ORDER = packaging/kiosk-start.order
# Each function in a section of its own, so that the linker can place every function the start list
# names, value witnesses and outlined copies included: without it the compiler puts those in the
# object's shared .text, which the list cannot move apart. And the metadata of a generic type the
# code names in full (`[Key: Mask]`, a cache of one key type) made by a call that passes its
# conformances, not from the type's mangled name: by name, the runtime demangles it and looks each
# conformance up by scanning all of the binary's conformance records: two fifths of the samples perf
# took under `main` on the main thread over 40 starts, about 0.8 ms of a start.
RELEASE_COMPILE = -Xswiftc -Xfrontend -Xswiftc -function-sections \
	-Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors
RELEASE_LINK = -Xswiftc -use-ld=lld -Xlinker -z -Xlinker pack-relative-relocs -Xlinker --no-export-dynamic \
	-Xlinker --symbol-ordering-file=$(abspath $(START_ORDER)) -Xlinker --no-warn-symbol-ordering \
	-Xlinker -L$(abspath packaging/link) -Xlinker -T -Xlinker $(abspath packaging/link/text-order.ld) \
	-Xlinker -T -Xlinker $(abspath packaging/link/arguments.ld)
RELEASE_BUILD = $(SWIFT) build -c release --static-swift-stdlib --disable-local-rpath --scratch-path .build/installed \
	$(RELEASE_COMPILE) $(RELEASE_LINK)

.PHONY: install uninstall check-unit runtime-packages start-order

# Regenerates START_ORDER from a start of the binary as installed, under callgrind (valgrind), and
# from the pages of its code a start on DRM runs in the e2e guest: the fresh-board scenario installs
# a package of that binary and writes them (START_ORDER_DRM=0 leaves the guest out).
START_ORDER_DRM ?= 1
START_ORDER_E2E = /tmp/kiosk-start-order-e2e
start-order:
	@$(MAKE) --no-print-directory deps DEB_PACKAGES="valgrind binutils python3"
	$(RELEASE_BUILD) --product kiosk
	@pages=; if [ "$(START_ORDER_DRM)" = 1 ]; then \
		$(MAKE) --no-print-directory deb KIOSK_BIN="$$($(RELEASE_BUILD) --show-bin-path)/kiosk" > /dev/null && \
		$(SWIFT) build && \
		E2E_OUT_DIR=$(START_ORDER_E2E) KIOSK_DEB="$(abspath $(DEB_FILE))" KIOSK_BIN_DIR=$$($(SWIFT) build --show-bin-path) \
			Tests/e2e/run.sh -g bochs fresh-board || exit 1; \
		pages=$(START_ORDER_E2E)/bochs-board/fresh-board/drm-start-pages.txt; \
		[ -f "$$pages" ] || { echo "start-order: the guest wrote no pages (no debugfs there?); the display's modules stand in"; pages=; }; \
	fi; \
	packaging/start-order.sh "$$($(RELEASE_BUILD) --show-bin-path)/kiosk" $(CONFIG) $(START_ORDER) $$pages
	@# The build does not know the list is an input of its link: the next one links again.
	rm -f "$$($(RELEASE_BUILD) --show-bin-path)/kiosk"

runtime-packages:
	@echo $(RUNTIME_PACKAGES)

install:
	@bin="$(KIOSK_BIN)"; \
	if [ -z "$$bin" ]; then \
		$(MAKE) --no-print-directory deps && \
		$(RELEASE_BUILD) --product kiosk && \
		bin="$$($(RELEASE_BUILD) --show-bin-path)/kiosk" || exit 1; \
	fi; \
	install -D -m 755 "$$bin" "$(DESTDIR)$(BINDIR)/kiosk"
	install -d "$(DESTDIR)$(UNITDIR)"
	sed 's|/usr/local/bin/kiosk|$(BINDIR)/kiosk|g; s|/etc/kiosk/|$(SYSCONFDIR)/kiosk/|g' systemd/kiosk.service \
		> "$(DESTDIR)$(UNITDIR)/kiosk.service"
	chmod 644 "$(DESTDIR)$(UNITDIR)/kiosk.service"
	install -D -m 644 systemd/kiosk.sysusers "$(DESTDIR)$(SYSUSERSDIR)/kiosk.conf"
	@if [ -e "$(DESTDIR)$(PAMDIR)/kiosk" ]; then echo "keeping $(DESTDIR)$(PAMDIR)/kiosk"; \
	else install -D -m 644 systemd/kiosk.pam "$(DESTDIR)$(PAMDIR)/kiosk"; fi
	install -d "$(DESTDIR)$(SYSCONFDIR)/kiosk"
	@if [ -e "$(DESTDIR)$(SYSCONFDIR)/kiosk/kiosk.yaml" ]; then echo "keeping $(DESTDIR)$(SYSCONFDIR)/kiosk/kiosk.yaml"; \
	elif [ -f "$(CONFIG)" ]; then install -m 644 "$(CONFIG)" "$(DESTDIR)$(SYSCONFDIR)/kiosk/kiosk.yaml"; \
	else echo "no $(CONFIG) to install as $(SYSCONFDIR)/kiosk/kiosk.yaml; write one before starting the service"; fi
	@# On the live system (no DESTDIR): create the user now and let systemd see the new unit.
	@if [ -z "$(DESTDIR)" ]; then \
		command -v systemd-sysusers >/dev/null && systemd-sysusers "$(SYSUSERSDIR)/kiosk.conf"; \
		if [ -d /run/systemd/system ]; then systemctl daemon-reload; fi; \
		echo "installed; enable with: systemctl enable --now kiosk"; \
	fi

# Leaves the config, the PAM stack and the kiosk user in place: they may have been edited or own files.
uninstall:
	@if [ -z "$(DESTDIR)" ] && [ -d /run/systemd/system ]; then systemctl disable --now kiosk.service 2>/dev/null || true; fi
	rm -f "$(DESTDIR)$(BINDIR)/kiosk" "$(DESTDIR)$(UNITDIR)/kiosk.service" "$(DESTDIR)$(SYSUSERSDIR)/kiosk.conf"
	@if [ -z "$(DESTDIR)" ] && [ -d /run/systemd/system ]; then systemctl daemon-reload; fi
	@echo "kept $(SYSCONFDIR)/kiosk/, $(PAMDIR)/kiosk and the kiosk user"

# Installs into a scratch DESTDIR (with the debug binary: quicker, same unit) and verifies the unit
# systemd would load. `systemd-analyze verify` insists that ExecStart= exists, so the copy it
# checks points at the binary inside the scratch tree. Any output (a warning too) fails the check.
check-unit: build
	@command -v systemd-analyze >/dev/null || { echo "check-unit needs systemd-analyze (apt-get install systemd)"; exit 1; }
	@root=$$(mktemp -d) && trap 'rm -rf "$$root"' EXIT && \
	$(MAKE) --no-print-directory install DESTDIR="$$root" KIOSK_BIN="$$($(SWIFT) build --show-bin-path)/kiosk" >/dev/null && \
	test -x "$$root$(BINDIR)/kiosk" && test -f "$$root$(SYSUSERSDIR)/kiosk.conf" && test -f "$$root$(PAMDIR)/kiosk" && \
	mkdir -p "$$root/verify" && \
	sed "s|$(BINDIR)/kiosk|$$root$(BINDIR)/kiosk|" "$$root$(UNITDIR)/kiosk.service" > "$$root/verify/kiosk.service" && \
	out=$$(systemd-analyze verify "$$root/verify/kiosk.service" 2>&1); status=$$?; \
	if [ $$status -ne 0 ] || [ -n "$$out" ]; then echo "$$out"; echo "check-unit: kiosk.service is not clean"; exit 1; fi; \
	echo "check-unit: kiosk.service verifies cleanly"

# --- The Debian package ------------------------------------------------------------------------
# `make deb` builds $(DEB_DIR)/kiosk_<version>_<arch>.deb and prints its path: the tree of
# `make install PREFIX=/usr` (the release binary with the Swift runtime linked in; KIOSK_BIN
# packages an already built one) made a binary package by dpkg-deb (packaging/deb/build.sh: control
# file, conffiles, maintainer scripts). The version is the one the kiosk reports (kioskVersion in
# Sources/KioskRuntime/Service/KioskVersion.swift); DEB_VERSION overrides it.
# `make lint-deb` builds it and runs lintian, which must report no error and no warning, and checks
# that the binary has no RUNPATH and reads its arguments without reading /proc/self/maps.

DEB_VERSION ?= $(shell sed -n 's/^public nonisolated let kioskVersion = "\(.*\)"$$/\1/p' Sources/KioskRuntime/Service/KioskVersion.swift)
DEB_ARCH ?= $(shell dpkg --print-architecture)
DEB_DIR ?= .build/deb
DEB_FILE = $(DEB_DIR)/kiosk_$(DEB_VERSION)_$(DEB_ARCH).deb
KIOSK_DEB ?=
# Depends beyond the libraries dpkg-shlibdeps finds in the binary: what the kiosk uses without
# linking it. libpam-systemd opens its logind session (/etc/pam.d/kiosk), polkitd lets logind hand
# that session its devices, xkb-data has xkbcommon's keymaps, fonts-dejavu-core the default font,
# fonts-materialdesignicons-webfont the mdi: icons (its font and its name map),
# ca-certificates the roots libcurl checks an https source against. The libraries the kiosk opens
# on first use (Sources/CDeferredLibraries) are not in the binary's NEEDED list, so dpkg-shlibdeps
# cannot find them: they are named here.
DEB_DEFERRED_LIBRARIES = libcurl4, librsvg2-2, libvncserver1, libmosquitto1, libqrencode4, libturbojpeg0, \
	libinput10, libudev1, libxkbcommon0, libseat1, libsystemd0
DEB_EXTRA_DEPENDS = libpam-systemd, polkitd, xkb-data, fonts-dejavu-core, fonts-materialdesignicons-webfont, ca-certificates, \
	$(DEB_DEFERRED_LIBRARIES)
# dpkg-shlibdeps (dpkg-dev) and strip (binutils) build the package; lintian checks it.
DEB_TOOLS = dpkg-dev binutils

.PHONY: deb lint-deb

# Only the path goes to stdout (`scp $(make -s deb) root@board:`); the build's output to stderr.
deb:
	@$(MAKE) --no-print-directory deps DEB_PACKAGES="$(DEB_TOOLS)" >&2
	@rm -rf "$(DEB_DIR)/root"
	@$(MAKE) --no-print-directory install DESTDIR="$(abspath $(DEB_DIR))/root" PREFIX=/usr KIOSK_BIN="$(KIOSK_BIN)" >&2
	@DEB_EXTRA_DEPENDS="$(DEB_EXTRA_DEPENDS)" packaging/deb/build.sh "$(DEB_DIR)/root" "$(DEB_VERSION)" "$(DEB_FILE)"

lint-deb: deb
	@$(MAKE) --no-print-directory deps DEB_PACKAGES="lintian strace"
	lintian --fail-on error,warning "$(DEB_FILE)"
	@# The installed binary gets its arguments from the C library's call of its initializers: the
	@# link leaves out the Swift runtime's own search, which reads all of /proc/self/maps at every
	@# start (packaging/link/arguments.ld). It still reads them, and opens no /proc/self/maps.
	@version=$$(strace -f -qq -e trace=openat -o "$(DEB_DIR)/version-opens.txt" "$(DEB_DIR)/root/usr/bin/kiosk" --version) && \
		[ "$$version" = "kiosk $(DEB_VERSION)" ] || { echo "lint-deb: kiosk --version printed '$$version'"; exit 1; }
	@if grep /proc/self/maps "$(DEB_DIR)/version-opens.txt"; then \
		echo "lint-deb: /usr/bin/kiosk reads /proc/self/maps as it starts (above)"; exit 1; fi
	@# The installed binary looks for its libraries only where the system keeps them.
	@if readelf -d "$(DEB_DIR)/root/usr/bin/kiosk" | grep -E 'R(UN)?PATH'; then \
		echo "lint-deb: /usr/bin/kiosk has a search path of its own (above)"; exit 1; fi
