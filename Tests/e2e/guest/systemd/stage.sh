#!/bin/bash
# stage.sh STAGE REPO OUTDIR SCRIPT ARGS - builds, on the host, the tree that guest/init-systemd
# copies over the guest's root before it becomes systemd: the kiosk as `make install` installs it
# (KIOSK_BIN=$KIOSK_BIN_DIR/kiosk), enabled under the guest's default target, the scenario runner,
# and the trimmed boot (masks and drop-ins). Done here because every process started in the guest
# costs a quarter of a second under TCG.
set -euo pipefail
stage=$1 repo=$2 out=$3 script=$4; shift 4
units=$(dirname "$(realpath "$0")")
harness=$(realpath "$units/../..")
rm -rf "$stage"
make --no-print-directory -C "$repo" install DESTDIR="$stage" KIOSK_BIN="$KIOSK_BIN_DIR/kiosk"
# The service reads /etc/kiosk/kiosk.yaml: the panels the kiosk-panels scenario already drives (no
# clock or animation, so a screendump is comparable with `kiosk snapshot`), not the showcase config.
install -m 644 "$harness/scenarios/panels.yaml" "$stage/etc/kiosk/kiosk.yaml"
etc=$stage/etc/systemd/system
mkdir -p "$etc/kiosk-e2e.target.wants" "$stage/usr/local/libexec"

cp "$units/kiosk-e2e.target" "$units/kiosk-e2e.service" "$etc/"
install -m 755 "$units/kiosk-e2e-run" "$stage/usr/local/libexec/kiosk-e2e-run"
ln -s kiosk-e2e.target "$etc/default.target"
# `systemctl enable kiosk` links it into its WantedBy= target; the guest boots kiosk-e2e.target instead.
ln -s /usr/local/lib/systemd/system/kiosk.service "$etc/kiosk-e2e.target.wants/kiosk.service"
printf 'E2E_HARNESS=%s\nE2E_OUT=%s\nE2E_SCRIPT=%s\nE2E_ARGS=%s\n' "$harness" "$out" "$script" "$*" > "$stage/etc/kiosk-e2e.env"

# Boot work that costs seconds under TCG and tests nothing here: the first-boot cache rebuilds
# (hwdb, ldconfig, catalog), modules for hardware the guest has no use for, clock and network
# services, the host's own enablements (they live in directories the init removes).
for unit in systemd-hwdb-update.service ldconfig.service systemd-journal-catalog-update.service \
    systemd-update-done.service systemd-random-seed.service systemd-pstore.service \
    systemd-timesyncd.service systemd-networkd.service systemd-resolved.service systemd-binfmt.service \
    proc-sys-fs-binfmt_misc.automount sys-kernel-debug.mount sys-kernel-tracing.mount \
    sys-fs-fuse-connections.mount sys-kernel-config.mount dev-hugepages.mount dev-mqueue.mount \
    systemd-remount-fs.service systemd-fsck-root.service systemd-firstboot.service \
    systemd-machine-id-commit.service systemd-journal-flush.service e2scrub_reap.service \
    postgresql.service timers.target remote-fs.target systemd-ask-password-wall.path \
    modprobe@dm_mod.service modprobe@loop.service modprobe@efi_pstore.service modprobe@fuse.service \
    modprobe@configfs.service; do
  ln -s /dev/null "$etc/$unit"
done

# Coldplug only what the kiosk uses (the display, input, VTs), with the drivers loaded up front as
# the plain guest does: a full coldplug loads a dozen unrelated modules (AHCI, KVM, crypto, ...).
mkdir -p "$etc/systemd-udev-trigger.service.d"
cat > "$etc/systemd-udev-trigger.service.d/e2e.conf" <<'CONF'
[Service]
ExecStartPre=-/sbin/modprobe -a evdev uinput virtio_input bochs virtio-gpu
ExecStart=
ExecStart=udevadm trigger --type=all --action=add --subsystem-match=input --subsystem-match=drm --subsystem-match=graphics --subsystem-match=tty --subsystem-match=misc
CONF

# systemd-tmpfiles-setup would empty /tmp and /var/tmp at boot: on the overlay that means a
# whiteout for every file of the host's (minutes), and the shared folder may be under /tmp.
mkdir -p "$etc/systemd-tmpfiles-setup.service.d"
printf '[Service]\nExecStart=\nExecStart=systemd-tmpfiles --create --remove --boot --exclude-prefix=/dev --exclude-prefix=/tmp --exclude-prefix=/var/tmp --exclude-prefix=%s\n' \
  "$out" > "$etc/systemd-tmpfiles-setup.service.d/e2e.conf"

# Under TCG the guest is some 20 to 50 times slower than the boards the unit's 30 s start timeout
# is meant for (the kiosk's first frame alone takes seconds here); only the timeout changes.
mkdir -p "$etc/kiosk.service.d"
printf '[Service]\nTimeoutStartSec=120\n' > "$etc/kiosk.service.d/e2e-tcg.conf"

# The journal stays in memory and off the serial console.
mkdir -p "$stage/etc/systemd/journald.conf.d"
printf '[Journal]\nStorage=volatile\nForwardToConsole=no\n' > "$stage/etc/systemd/journald.conf.d/e2e.conf"
