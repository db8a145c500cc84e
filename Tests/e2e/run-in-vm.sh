#!/bin/bash
# run-in-vm.sh - run a script as root inside a throw-away QEMU guest that has a real DRM/KMS driver.
#
# usage: run-in-vm.sh [-g bochs|virtio|"QEMU DEVICE ARGS"] [-t TIMEOUT_S] [-o OUTDIR] GUEST_SCRIPT [ARGS...]
# exit:  GUEST_SCRIPT's status; 124 when the host timeout killed the VM; 125 when the VM could not run.
#
# The guest boots a Debian kernel (downloaded once into $E2E_CACHE, default /var/cache/kiosk-e2e-vm)
# with the host's root filesystem shared read-only under a tmpfs overlay, so host binaries run as they
# are. OUTDIR is shared read-write at the same path and is the script's working directory. Variables
# named in E2E_PASS_ENV (default: KIOSK_BIN_DIR E2E_GPU) are exported to the script. In the guest,
# PATH has Tests/e2e/guest: `vmctl` (screendump, tablet, key requests to the host) and `e2e-touch`.
# Environment: E2E_CACHE, E2E_KPKG (kernel package), E2E_ACCEL, E2E_SMP (2), E2E_MEM (1024 MB).
#
# E2E_INIT_MODE=systemd boots the guest with systemd as PID 1 instead (guest/init-systemd): the
# kiosk is installed as a service from `make install DESTDIR=OUTDIR/.stage KIOSK_BIN=$KIOSK_BIN_DIR/kiosk`
# and enabled, and GUEST_SCRIPT runs from a oneshot unit (guest/systemd/kiosk-e2e.service) once the
# base system is up. E2E_INIT_MODE=board boots a fresh Debian 12 root file system instead of the
# host's, with the kiosk installed as README says (guest/board/prepare.sh), and allows reboots.
set -euo pipefail
HARNESS=$(dirname "$(realpath "$0")")
GPU=bochs TIMEOUT=180 OUT=$PWD/e2e-out
while getopts g:t:o: option; do
  case $option in g) GPU=$OPTARG ;; t) TIMEOUT=$OPTARG ;; o) OUT=$OPTARG ;; *) exit 125 ;; esac
done
shift $((OPTIND - 1))
[ $# -ge 1 ] || { sed -n '2,14p' "$0" >&2; exit 125; }
SCRIPT=$(realpath "$1"); shift
CACHE=${E2E_CACHE:-/var/cache/kiosk-e2e-vm}
mkdir -p "$OUT" "$CACHE"
OUT=$(realpath "$OUT")

# Host packages: QEMU, busybox for the initramfs, kmod for depmod; udev, libinput-tools and
# python3-evdev run inside the guest (it is the host's root filesystem); python3-pil compares images.
PACKAGES="qemu-system-x86 busybox-static kmod udev libdrm-tests libinput-tools python3-evdev python3-pil"
missing=$(for p in $PACKAGES; do dpkg -s "$p" >/dev/null 2>&1 || echo "$p"; done)
if [ -n "$missing" ]; then
  echo "e2e: installing $missing" >&2
  SUDO=$([ "$(id -u)" -eq 0 ] || echo sudo)
  $SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends $missing >/dev/null
fi

# The kernel: Debian's, unpacked (not installed) into the cache, its modules indexed, and turned into
# an uncompressed ELF vmlinux that QEMU boots through PVH, which skips the xz decompressor (slow
# under TCG).
KPKG=${E2E_KPKG:-$(apt-cache depends linux-image-amd64 | awk '/Depends: linux-image-[0-9]/ {print $2; exit}')}
KVER=${KPKG#linux-image-}
if [ ! -s "$CACHE/vmlinux-$KVER" ]; then
  echo "e2e: fetching $KPKG into $CACHE" >&2
  rm -rf "$CACHE/kernel" "$CACHE"/*.deb "$CACHE"/vmlinux-* "$CACHE"/initramfs-*
  (cd "$CACHE" && apt-get download "$KPKG" >/dev/null && dpkg-deb -x ./*.deb kernel && rm -f ./*.deb)
  depmod -b "$CACHE/kernel" "$KVER"
  /usr/bin/python3 - "$CACHE/kernel/boot/vmlinuz-$KVER" "$CACHE/vmlinux-$KVER.tmp" <<'PY'
import lzma, sys
image = open(sys.argv[1], 'rb').read()
start = image.find(b'\xfd7zXZ\x00')
open(sys.argv[2], 'wb').write(lzma.LZMADecompressor().decompress(image[start:]))
PY
  mv "$CACHE/vmlinux-$KVER.tmp" "$CACHE/vmlinux-$KVER"
fi

# The initramfs: busybox and the modules needed to mount the host root (virtio, 9p, overlay). Its
# name carries a hash of its init, so editing that script rebuilds it.
INITRAMFS=$CACHE/initramfs-$KVER-$(sha1sum < "$HARNESS/guest/initramfs-init" | cut -c1-8).cpio.gz
if [ ! -s "$INITRAMFS" ]; then
  root=$(mktemp -d)
  mkdir -p "$root/bin" "$root/m"
  cp /bin/busybox "$root/bin/"
  modprobe -d "$CACHE/kernel" -S "$KVER" --show-depends -a virtio_pci 9pnet_virtio 9p overlay |
    awk '$1 == "insmod" && !seen[$2]++ {print $2}' | while read -r module; do
      cp "$module" "$root/m/"; basename "$module" >> "$root/m/order"
    done
  cp "$HARNESS/guest/initramfs-init" "$root/init"
  # There is no cpio on a stock host; busybox has one.
  (cd "$root" && find . | busybox cpio -o -H newc 2>/dev/null | gzip -1) > "$INITRAMFS"
  rm -rf "$root"
fi

# Variables for the guest script travel through the shared folder.
: > "$OUT/.env"
for name in ${E2E_PASS_ENV:-KIOSK_BIN_DIR E2E_GPU}; do
  [ -n "${!name:-}" ] && printf 'export %s=%q\n' "$name" "${!name}" >> "$OUT/.env"
done
rm -f "$OUT/exit-code"

INIT=$HARNESS/guest/init
ROOT=/
EXTRA_SHARES=()
REBOOT=(-no-reboot)
case ${E2E_INIT_MODE:-plain} in
  plain) ;;
  systemd)
    INIT=$HARNESS/guest/init-systemd
    [ -x "${KIOSK_BIN_DIR:-}/kiosk" ] || { echo "e2e: no kiosk binary in KIOSK_BIN_DIR='${KIOSK_BIN_DIR:-}'" >&2; exit 125; }
    "$HARNESS/guest/systemd/stage.sh" "$OUT/.stage" "$HARNESS/../.." "$OUT" "$SCRIPT" "$@" > "$OUT/stage.log" 2>&1 ||
      { echo "e2e: staging the install for the systemd guest failed:" >&2; cat "$OUT/stage.log" >&2; exit 125; }
    ;;
  board)
    # A fresh Debian 12 board with the kiosk installed as the README says (guest/board/prepare.sh)
    # is the root instead of the host's; it may reboot (a scenario checks the kiosk comes back).
    INIT=/usr/local/lib/kiosk-e2e/guest/init-board   # the harness's place on the board (prepare.sh)
    ROOT=$OUT/.board
    "$HARNESS/guest/board/prepare.sh" "$ROOT" "$HARNESS/../.." "$OUT" "$SCRIPT" "$@" > "$OUT/prepare.log" 2>&1 ||
      { echo "e2e: preparing the board failed:" >&2; tail -n 30 "$OUT/prepare.log" >&2; exit 125; }
    EXTRA_SHARES=(-virtfs "local,path=$CACHE/kernel/lib/modules/$KVER,mount_tag=modules,security_model=none,readonly=on")
    REBOOT=()
    ;;
  *) echo "e2e: E2E_INIT_MODE is plain, systemd or board, not '$E2E_INIT_MODE'" >&2; exit 125 ;;
esac

# KVM where the host really has it; in a nested hypervisor without vmx/svm, TCG (-cpu max still
# gives the guest AVX2, which the Swift runtime may use).
if [ -d /sys/module/kvm_intel ] || [ -d /sys/module/kvm_amd ]; then ACCEL="-accel kvm -cpu host"
else ACCEL="-accel tcg,thread=multi -cpu max"; fi
case $GPU in
  bochs) DISPLAY_DEVICE="-device bochs-display" ;;
  virtio) DISPLAY_DEVICE="-device virtio-gpu-pci" ;;
  *) DISPLAY_DEVICE=$GPU ;;
esac
RUN=$(mktemp -d /tmp/kiosk-e2e-vm.XXXXXX)
trap 'rm -rf "$RUN"' EXIT
QEMU=(qemu-system-x86_64 ${E2E_ACCEL:-$ACCEL} -smp "${E2E_SMP:-2}" -m "${E2E_MEM:-1024}" -M q35
  -nodefaults "${REBOOT[@]}" -display none
  -kernel "$CACHE/vmlinux-$KVER" -initrd "$INITRAMFS"
  -append "console=ttyS0 quiet panic=-1 E2E_INIT=$INIT E2E_HARNESS=$HARNESS E2E_CACHE=$CACHE E2E_OUT=$OUT E2E_SCRIPT=$SCRIPT E2E_ARGS=\"$*\""
  -virtfs "local,path=$ROOT,mount_tag=hostroot,security_model=none,readonly=on,multidevs=remap"
  -virtfs "local,path=$OUT,mount_tag=out,security_model=none"
  "${EXTRA_SHARES[@]}"
  -chardev "file,id=console,path=$OUT/console.log" -serial chardev:console
  -chardev "socket,id=control,path=$RUN/ctl.sock,server=on,wait=off" -serial chardev:control
  -qmp "unix:$RUN/qmp.sock,server=on,wait=off"
  $DISPLAY_DEVICE -device virtio-tablet-pci)
status=0
/usr/bin/python3 "$HARNESS/lib/vmhost.py" "$RUN" "$OUT" "$TIMEOUT" "${QEMU[@]}" || status=$?
exit $status
