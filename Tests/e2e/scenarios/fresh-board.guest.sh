# fresh-board: a fresh Debian 12 board (debootstrap: systemd, udev, D-Bus, logind's PAM module) that
# got only what README's "Install on a device" asks for a board without a Swift toolchain: the
# runtime packages, the unpacked `make install` tree, `systemd-sysusers`, `systemctl enable kiosk`
# and a config. It boots into the kiosk, and after a reboot the kiosk is back. The host compares
# both screendumps with `kiosk snapshot` of the config.
# gpus: bochs
# boot: board
# timeout: 150
fail() { echo "FAIL: $*"; systemctl status kiosk --no-pager -l 2>&1 | tail -n 20; journalctl -b -t kiosk --no-pager | tail -n 20; exit 1; }
prop() { systemctl show -P "$1" kiosk.service; }
record() { echo "$*" | tee -a board.txt; }
boot=$(( $(cat boots 2>/dev/null || echo 0) + 1 ))
echo "$boot" > boots

# The kiosk starts at boot, on DRM, as the kiosk user, and says what it shows.
tries=900
until [ "$(prop ActiveState)" = active ] && case $(prop StatusText) in "showing panel home on "*) true ;; *) false ;; esac; do
  tries=$((tries - 1)); [ "$tries" -gt 0 ] || fail "boot $boot: kiosk.service is $(prop ActiveState)/$(prop SubState), status '$(prop StatusText)'"
  sleep 0.1
done
pid=$(prop MainPID)
uid=$(awk '/^Uid:/ {print $2}' /proc/$pid/status)
[ "$uid" = "$(id -u kiosk)" ] || fail "boot $boot: the kiosk runs as uid $uid, not kiosk"
ls -l /proc/$pid/fd | grep -q /dev/dri/card0 || fail "boot $boot: the kiosk has no /dev/dri/card0 open"
record "boot $boot: $(. /etc/os-release; echo "$PRETTY_NAME"), kiosk.service active as $(id -nu "$uid") (MainPID $pid) at $(cut -d' ' -f1 /proc/uptime) s; status: $(prop StatusText)"
record "boot $boot: $(journalctl -b -t kiosk --no-pager | grep -o 'started: backend drm.*' | head -n 1)"
vmctl screendump "$E2E_OUT/boot$boot.png"

if [ "$boot" = 1 ]; then
  record "boot 1: rebooting"
  sync
  systemctl reboot
  sleep 600   # the reboot ends this run; the next boot runs the scenario again
fi
record "boot 2: the kiosk came back after the reboot"
