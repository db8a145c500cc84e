#!/bin/bash
# prepare.sh BOARD REPO OUT SCRIPT ARGS - builds, on the host, the root file system of a fresh
# Debian 12 board with the kiosk installed the way README's "Install on a device" says for a board
# without a toolchain, for the `board` boot mode of run-in-vm.sh:
#   1. a plain Debian 12 (debootstrap, minbase plus what every Debian board with systemd has: systemd
#      as init, udev, kmod, D-Bus and logind's PAM module), cached in $E2E_CACHE;
#   2. README: `apt-get install` of the runtime packages (`make runtime-packages`), in a chroot;
#   3. README: `make deb` on this machine (or the package in $KIOSK_DEB), `apt-get install ./kiosk_*.deb`
#      on the board, `systemctl enable kiosk`, and the config in /etc/kiosk/kiosk.yaml; plus, for the
#      scenario's upgrade, the same package with a higher version in /root/upgrade;
#   4. for the test only: the harness in /usr/local/lib/kiosk-e2e (scenario runner, vmctl) and a unit that
#      runs the scenario once the board has booted.
set -euo pipefail
board=$1 repo=$(realpath "$2") out=$3 script=$4; shift 4
harness=$(realpath "$(dirname "$(realpath "$0")")/../..")
cache=${E2E_CACHE:-/var/cache/kiosk-e2e-vm}
base=$cache/board-bookworm
runtime_packages=$(make --no-print-directory -s -C "$repo" runtime-packages)
base_packages=systemd-sysv,udev,kmod,dbus,libpam-systemd
stamp="bookworm minbase $base_packages | $runtime_packages"

if [ ! -f "$base/.kiosk-e2e-base" ] || [ "$(cat "$base/.kiosk-e2e-base")" != "$stamp" ]; then
  command -v debootstrap > /dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq debootstrap > /dev/null; }
  rm -rf "$base"
  echo "e2e: debootstrap of a Debian 12 board into $base"
  # The mirror this machine's own apt uses (it is known to be reachable), else Debian's.
  mirror=$(sed -n 's|^URIs: *\(https\?://[^ ]*/debian\)/\?$|\1|p' /etc/apt/sources.list.d/*.sources 2>/dev/null | head -n 1)
  [ -n "$mirror" ] || mirror=$(awk '$1 == "deb" && $3 == "bookworm" {print $2; exit}' /etc/apt/sources.list 2>/dev/null)
  debootstrap --variant=minbase --include=$base_packages bookworm "$base" "${mirror:-http://deb.debian.org/debian}" > "$cache/debootstrap.log" 2>&1 ||
    { tail -n 20 "$cache/debootstrap.log"; exit 1; }
  # README step: the runtime packages, as `apt-get install` on the board.
  mount -t proc proc "$base/proc"
  trap 'umount "$base/proc" 2>/dev/null || true' EXIT
  chroot "$base" /usr/bin/env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $runtime_packages > "$cache/board-apt.log" 2>&1 ||
    { tail -n 20 "$cache/board-apt.log"; exit 1; }
  chroot "$base" apt-get clean
  umount "$base/proc"
  trap - EXIT
  echo "$stamp" > "$base/.kiosk-e2e-base"
fi

rm -rf "$board"
cp -a "$base" "$board"

# README steps: the package built here (`make deb`, or KIOSK_DEB when given), `apt-get install` of it
# on the board (its postinst creates the user), `systemctl enable kiosk`, the config. The config is
# an edit of the package's conffile, which an upgrade must keep.
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
deb=${KIOSK_DEB:-}
if [ -z "$deb" ]; then
  deb=$(make --no-print-directory -s -C "$repo" deb DEB_DIR="$stage/deb" ${KIOSK_BOARD_BIN:+KIOSK_BIN=$KIOSK_BOARD_BIN} 2> "$stage/deb.log") ||
    { cat "$stage/deb.log"; exit 1; }
fi
[ -f "$deb" ] || { echo "e2e: no package at '$deb'"; exit 1; }
cp "$deb" "$board/root/"
mount -t proc proc "$board/proc"
trap 'umount "$board/proc" 2>/dev/null || true; rm -rf "$stage"' EXIT
chroot "$board" /bin/sh -c "cd /root && DEBIAN_FRONTEND=noninteractive apt-get install -y -q ./$(basename "$deb")"
umount "$board/proc"
trap 'rm -rf "$stage"' EXIT
rm "$board/root/$(basename "$deb")"
chroot "$board" systemctl enable kiosk.service
install -m 644 "$harness/scenarios/panels.yaml" "$board/etc/kiosk/kiosk.yaml"

# The second build the scenario upgrades to: the same package with a higher version (only the
# version in its control file differs), in /root/upgrade on the board.
version=$(dpkg-deb -f "$deb" Version)+e2e1
dpkg-deb -R "$deb" "$stage/upgrade"
sed -i "s/^Version: .*/Version: $version/" "$stage/upgrade/DEBIAN/control"
mkdir -p "$board/root/upgrade"
dpkg-deb --root-owner-group -Zgzip -z1 --build "$stage/upgrade" \
  "$board/root/upgrade/kiosk_${version}_$(dpkg-deb -f "$deb" Architecture).deb" > /dev/null

# The test's own part: the harness, and the scenario runner started at boot. The harness goes to a
# fixed place: the host's copy may be under /tmp, which the board empties at boot (tmpfiles.d).
board_harness=/usr/local/lib/kiosk-e2e
mkdir -p "$board$board_harness"
cp -a "$harness/." "$board$board_harness/"
install -D -m 755 "$harness/guest/systemd/kiosk-e2e-run" "$board/usr/local/libexec/kiosk-e2e-run"
install -m 644 "$harness/guest/board/kiosk-e2e.service" "$board/etc/systemd/system/kiosk-e2e.service"
chroot "$board" systemctl enable kiosk-e2e.service
arguments="$*"
printf 'E2E_HARNESS=%s\nE2E_OUT=%s\nE2E_SCRIPT=%s\nE2E_ARGS=%s\n' "$board_harness" "$out" \
  "${script/#$harness/$board_harness}" "${arguments//$harness/$board_harness}" > "$board/etc/kiosk-e2e.env"
# The journal on the board persists across its reboot only in memory of this run: keep it volatile.
mkdir -p "$board/etc/systemd/journald.conf.d"
printf '[Journal]\nStorage=volatile\nForwardToConsole=no\n' > "$board/etc/systemd/journald.conf.d/e2e.conf"
echo "e2e: board root ready in $board ($(du -sh "$board" | cut -f1))"
