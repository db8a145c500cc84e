# fresh-board: a fresh Debian 12 board (debootstrap: systemd, udev, D-Bus, logind's PAM module) that
# got only what README's "Install on a device" asks: the runtime packages, `apt-get install` of the
# kiosk's .deb, `systemctl enable kiosk` and a config (guest/board/prepare.sh). It boots into the
# kiosk, and after a reboot the kiosk is back. Then the package's life on the board: an in-place
# upgrade to a second build (the same package with a higher version) keeps the edited config and
# restarts the running kiosk, which shows the panel again; a remove stops it and keeps
# /etc/kiosk/kiosk.yaml; a purge deletes it. The host compares the three screendumps with
# `kiosk snapshot` of the config.
# gpus: bochs
# boot: board
# timeout: 600
fail() { echo "FAIL: $*"; systemctl status kiosk --no-pager -l 2>&1 | tail -n 20; journalctl -b -t kiosk --no-pager | tail -n 20; exit 1; }
prop() { systemctl show -P "$1" kiosk.service; }
record() { echo "$*" | tee -a board.txt; }
config=/etc/kiosk/kiosk.yaml
boot=$(( $(cat boots 2>/dev/null || echo 0) + 1 ))
echo "$boot" > boots

# waits for kiosk.service to be active, with a main process other than NOT_PID, showing the home panel
wait_home() {
  tries=900
  until [ "$(prop ActiveState)" = active ] && [ "$(prop MainPID)" != "$1" ] &&
      case $(prop StatusText) in "showing panel home on "*) true ;; *) false ;; esac; do
    tries=$((tries - 1)); [ "$tries" -gt 0 ] || fail "$2: kiosk.service is $(prop ActiveState)/$(prop SubState), MainPID $(prop MainPID), status '$(prop StatusText)'"
    sleep 0.1
  done
}

# The kiosk starts at boot, on DRM, as the kiosk user, and says what it shows.
wait_home none "boot $boot"
pid=$(prop MainPID)
uid=$(awk '/^Uid:/ {print $2}' /proc/$pid/status)
[ "$uid" = "$(id -u kiosk)" ] || fail "boot $boot: the kiosk runs as uid $uid, not kiosk"
ls -l /proc/$pid/fd | grep -q /dev/dri/card0 || fail "boot $boot: the kiosk has no /dev/dri/card0 open"
record "boot $boot: $(. /etc/os-release; echo "$PRETTY_NAME"), kiosk $(dpkg-query -W -f '${Version}' kiosk), kiosk.service active as $(id -nu "$uid") (MainPID $pid) at $(cut -d' ' -f1 /proc/uptime) s; status: $(prop StatusText)"
record "boot $boot: $(journalctl -b -t kiosk --no-pager | grep -o 'started: backend drm.*' | head -n 1)"
# The kiosk as installed (the package's binary) on DRM: exec -> READY=1 as systemd saw it (the unit
# is Type=notify: active once the first frame is on the display), and its memory showing the panel.
started=$(prop ExecMainStartTimestampMonotonic) ready=$(prop ActiveEnterTimestampMonotonic)
record "boot $boot: the kiosk as installed: exec -> READY=1 $(( (ready - started) / 1000 )) ms (systemd's timestamps, under TCG), $(awk '/^VmRSS:/ {printf "%.1f MiB", $2 / 1024}' /proc/$pid/status) resident on DRM"
# A figure, printed under the scenario's result (Tests/e2e/run.sh).
tail -n 1 board.txt >> recorded.txt
# Where that memory is, by mapping (KiB resident), largest first: what to look at to make it less.
awk '/^[0-9a-f]+-[0-9a-f]+ / { name = $6 == "" ? "[anonymous]" : $6 } /^Rss:/ { rss[name] += $2 }
     END { for (n in rss) if (rss[n] > 0) printf "%d %s\n", rss[n], n }' /proc/$pid/smaps | sort -rn > "memory-boot$boot.txt"
record "boot $boot: memory by mapping, KiB: $(head -n 12 "memory-boot$boot.txt" | awk '{ n = $2; sub(/.*\//, "", n); sub(/\.so[.0-9]*$/, "", n); sep = NR > 1 ? ", " : ""; printf "%s%s %d", sep, n, $1 }'); $(awk '$2 ~ /\.so/ {n++; k += $1} END {printf "%d libraries %d", n, k}' "memory-boot$boot.txt")"
tail -n 1 board.txt >> recorded.txt
vmctl screendump "$E2E_OUT/boot$boot.png"

if [ "$boot" = 1 ]; then
  record "boot 1: rebooting"
  sync
  systemctl reboot
  sleep 600   # the reboot ends this run; the next boot runs the scenario again
fi
record "boot 2: the kiosk came back after the reboot"

# The pages of its code a start on DRM runs, for `make start-order` (packaging/start-order.sh):
# with the kernel mapping only the page a fault asks for (not the 64 KiB around it), the kiosk
# is started again and the pages of its code mapped once it shows the panel are exactly those it
# ran. Written as the mapping's file offset, then the index of each page in it.
around=/sys/kernel/debug/fault_around_bytes
if [ -w "$around" ]; then
  previous=$(cat "$around")
  echo 4096 > "$around"
  systemctl restart kiosk
  wait_home "$pid" "restarted with fault-around off"
  pid=$(prop MainPID)
  grep ' r-xp .*/usr/bin/kiosk' /proc/$pid/maps | head -n 1 | {
    read -r range permissions offset rest
    low=${range%-*} high=${range#*-}
    echo "offset $offset"
    dd if=/proc/$pid/pagemap bs=8 skip=$(( 0x$low / 4096 )) count=$(( (0x$high - 0x$low) / 4096 )) 2> /dev/null |
      od -An -v -t x8 -w8 | awk '$1 ~ /^[89a-f]/ { print NR - 1 }'
  } > "$E2E_OUT/drm-start-pages.txt"
  echo "$previous" > "$around"
  record "boot 2: a start on DRM ran $(( $(wc -l < "$E2E_OUT/drm-start-pages.txt") - 1 )) pages of the kiosk's code"
fi

# The package's life on the board goes through dpkg itself: the same maintainer scripts run as under
# `apt-get install ./kiosk_*.deb`, `apt-get remove` and `apt-get purge` (apt calls dpkg --unpack and
# --configure, --remove, --purge), without apt reading its package lists each time, which costs a
# minute under TCG. (The first install, in guest/board/prepare.sh, is apt-get's.)
# An upgrade in place, the kiosk running: the edited config stays, the new version runs.
cp "$config" config-before-upgrade.yaml
upgrade_started=$(cut -d' ' -f1 /proc/uptime)
dpkg --install /root/upgrade/kiosk_*.deb > dpkg-upgrade.log 2>&1 || { cat dpkg-upgrade.log; fail "dpkg --install of the upgrade failed"; }
version=$(dpkg-query -W -f '${Version}' kiosk)
case $version in *+e2e1) ;; *) fail "after the upgrade dpkg has kiosk $version" ;; esac
cmp -s "$config" config-before-upgrade.yaml || fail "the upgrade changed $config"
wait_home "$pid" "after the upgrade"
new_pid=$(prop MainPID)
record "upgrade: kiosk $version, $config kept, the kiosk restarted (MainPID $pid -> $new_pid) $(awk -v s="$upgrade_started" '{printf "%.1f", $1 - s}' /proc/uptime) s after dpkg --install began; status: $(prop StatusText)"
vmctl screendump "$E2E_OUT/upgrade.png"

# remove: the kiosk stops, the binary goes, the config stays.
dpkg --remove kiosk > dpkg-remove.log 2>&1 || { cat dpkg-remove.log; fail "dpkg --remove kiosk failed"; }
[ "$(prop ActiveState)" != active ] || fail "kiosk.service is still active after the remove"
[ ! -e /usr/bin/kiosk ] || fail "/usr/bin/kiosk is still there after the remove"
[ -f "$config" ] || fail "the remove deleted $config"
[ "$(dpkg-query -W -f '${db:Status-Abbrev}' kiosk)" = "rc " ] || fail "after the remove dpkg says '$(dpkg-query -W -f '${db:Status-Abbrev}' kiosk)', not rc"
record "remove: kiosk.service $(prop ActiveState), /usr/bin/kiosk gone, $config kept"

# purge: the config goes too; the kiosk user stays (Debian leaves system users in place).
dpkg --purge kiosk > dpkg-purge.log 2>&1 || { cat dpkg-purge.log; fail "dpkg --purge kiosk failed"; }
[ ! -e "$config" ] || fail "the purge left $config"
[ ! -e /etc/kiosk ] || fail "the purge left /etc/kiosk: $(ls -A /etc/kiosk)"
[ ! -e /etc/pam.d/kiosk ] || fail "the purge left /etc/pam.d/kiosk"
if dpkg-query -W kiosk > /dev/null 2>&1 && [ "$(dpkg-query -W -f '${db:Status-Abbrev}' kiosk)" != "un " ]; then
  fail "after the purge dpkg still knows kiosk: $(dpkg-query -W -f '${db:Status-Abbrev}' kiosk)"
fi
[ -z "$(find /etc/systemd/system -name kiosk.service)" ] || fail "the purge left $(find /etc/systemd/system -name kiosk.service)"
record "purge: /etc/kiosk and the enablement gone; the kiosk user $(id -u kiosk > /dev/null 2>&1 && echo stays || echo is gone)"
