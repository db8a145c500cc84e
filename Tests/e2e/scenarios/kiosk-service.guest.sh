# kiosk-service: kiosk.service as installed by `make install`, in a guest booted with systemd as
# PID 1: the unit verifies; it runs the kiosk on DRM as the `kiosk` user (created by sysusers) under
# its hardening; READY comes with a STATUS line; `kill -9` is followed by a restart after RestartSec;
# a stopped (hung) kiosk is restarted by the watchdog; the journal tells both stories. Then a switch
# to another VT: logind takes the devices back through libseat, the kiosk stops rendering (a value
# set meanwhile presents no frame), and the switch back repaints it. The host compares the
# screendumps with `kiosk snapshot` and checks the figures written to service.txt.
# gpus: bochs
# boot: systemd
# timeout: 260
unit=/usr/local/lib/systemd/system/kiosk.service
fail() { echo "FAIL: $*"; systemctl status kiosk --no-pager -l 2>&1 | tail -n 15; exit 1; }
prop() { systemctl show -P "$1" kiosk.service; }
now() { cut -d' ' -f1 /proc/uptime; }
record() { echo "$*" | tee -a service.txt; }
: > service.txt

# waits up to SECONDS for kiosk.service to be active with a MainPID other than NOT_PID; prints it
wait_active() {
  deadline=$(( $(cut -d. -f1 /proc/uptime) + $1 ))
  while [ "$(cut -d. -f1 /proc/uptime)" -lt "$deadline" ]; do
    pid=$(prop MainPID)
    if [ "$(prop ActiveState)" = active ] && [ "$pid" != 0 ] && [ "$pid" != "$2" ]; then echo "$pid"; return 0; fi
    sleep 0.5
  done
  echo "kiosk.service not active with a new main process after $1 s: $(prop ActiveState)/$(prop SubState), MainPID $(prop MainPID)" >&2
  return 1
}

# --- The unit as installed verifies cleanly (any output is a finding).
verify=$(systemd-analyze verify "$unit" 2>&1) || fail "systemd-analyze verify $unit failed: $verify"
[ -z "$verify" ] || fail "systemd-analyze verify $unit is not clean: $verify"
record "verify: clean"

# --- Started at boot (enabled), on DRM, as the kiosk user, under its sandbox.
getent passwd kiosk > /dev/null || fail "no kiosk user: systemd-sysusers did not create it"
# (The host has no kiosk user, so it can only come from sysusers; its journal line may land late,
# and is found by identifier: a stream whose process exited may lose its unit field.)
tries=100
until journalctl -b -t systemd-sysusers --no-pager | grep -q "Creating user 'kiosk'"; do
  tries=$((tries - 1)); [ "$tries" -gt 0 ] || fail "the kiosk user was not created by systemd-sysusers at boot"
  sleep 0.1
done
pid=$(wait_active 100 0) || fail "the kiosk did not start"
record "started: MainPID $pid active at $(now) s (uptime)"
uid=$(awk '/^Uid:/ {print $2}' /proc/$pid/status)
[ "$uid" = "$(id -u kiosk)" ] || fail "main process runs as uid $uid, not kiosk ($(id -u kiosk))"
record "user: $(ps -o user= -p "$pid") uid $uid groups $(id -nG kiosk | tr ' ' ,); process groups: $(awk '/^Groups:/ {$1=""; print}' /proc/$pid/status)"
record "command: $(tr '\0' ' ' < /proc/$pid/cmdline)"
tr '\0' ' ' < /proc/$pid/cmdline | grep -q -- "--backend drm" || fail "the unit does not run the DRM backend"
record "sandbox: $(grep -E '^(NoNewPrivs|Seccomp|CapEff|CapBnd):' /proc/$pid/status | tr -s '\t\n' '  ')"
[ "$(awk '/^NoNewPrivs:/ {print $2}' /proc/$pid/status)" = 1 ] || fail "NoNewPrivileges= is not in force"
[ "$(awk '/^CapEff:/ {print $2}' /proc/$pid/status)" = 0000000000000000 ] || fail "the kiosk has capabilities"
[ "$(awk '/^Seccomp:/ {print $2}' /proc/$pid/status)" = 2 ] || fail "no system call filter"
# No video or input group: the card and the input devices it has open came from logind.
for group in video input; do
  gid=$(getent group $group | cut -d: -f3)
  awk '/^Groups:/' /proc/$pid/status | grep -qw "$gid" && fail "the kiosk is in group $group; its devices must come from the seat"
done
ls -l /proc/$pid/fd 2>/dev/null | grep -q /dev/dri/card0 || fail "the main process has no /dev/dri/card0 open"
record "devices: $(ls -l /proc/$pid/fd | grep -o '/dev/[a-z/]*[0-9]*' | sort -u | tr '\n' ' ')"
status=$(prop StatusText)
record "status: $status"
case $status in "showing panel home on Virtual-1 "*) ;; *) fail "StatusText is '$status', not 'showing panel home on Virtual-1 ...'" ;; esac
systemctl status kiosk --no-pager > status.txt 2>&1 || fail "systemctl status kiosk: not active"
grep -q "Status: \"showing panel home on Virtual-1" status.txt || fail "systemctl status shows no status line"
record "watchdog: $(prop WatchdogUSec), restart delay $(prop RestartUSec)"
record "session: $(loginctl list-sessions --no-legend --no-pager | tr -s ' ')"
# pam_systemd's session moves the kiosk into session-cN.scope (logind does that to every process
# that opens a session), so its own lines are found by identifier, systemd's by -u kiosk.
record "cgroup: $(cat /proc/$pid/cgroup)"
journalctl -b -t kiosk --no-pager | grep -q "started: backend drm, card /dev/dri/card0" || fail "no start-up summary in the journal"
journalctl -b -t kiosk --no-pager | grep -q "config /etc/kiosk/kiosk.yaml" || fail "the kiosk did not load /etc/kiosk/kiosk.yaml"
# The log comes through the journal's stream with a "<N>" in front of each line: the start-up
# summary is a notice there (a line without its prefix would be the stream's info).
journalctl -b -t kiosk -p notice..notice --no-pager | grep -q "started: backend drm" \
  || fail "the start-up summary is not a notice in the journal"
journalctl -b -t kiosk --no-pager | grep -q "<[0-7]>" && fail "a log line shows its priority prefix in the journal"
record "journal: $(journalctl -b -t kiosk -p notice..notice -o verbose --no-pager | grep -m1 -oE '_TRANSPORT=[a-z]+')"
[ -S /run/kiosk/control.sock ] && record "control socket: $(ls -l /run/kiosk/control.sock)"
vmctl screendump "$E2E_OUT/started.png"

# --- kill -9: systemd restarts it after RestartSec (2 s), and it is active again.
old=$pid
killed=$(now)
kill -KILL "$old"
pid=$(wait_active 100 "$old") || fail "not restarted after kill -9"
back=$(now)
record "kill -9: MainPID $old killed at $killed s, new MainPID $pid active at $back s, restarts $(prop NRestarts)"
journalctl -b -u kiosk --no-pager > journal-kill.txt
grep -q "Main process exited, code=killed, status=9/KILL" journal-kill.txt || fail "the journal does not record the kill"
grep -q "Scheduled restart job, restart counter is at 1" journal-kill.txt || fail "the journal does not record the restart"
# The restart delay by systemd's own monotonic stamps: from the exit to the scheduled restart.
delay=$(journalctl -b -u kiosk -o short-monotonic --no-pager |
  awk '{ match($0, /[0-9]+\.[0-9]+/); at = substr($0, RSTART, RLENGTH) }
       /Main process exited, code=killed, status=9\/KILL/ { exit_at = at }
       exit_at && /Scheduled restart job/ { printf "%.2f", at - exit_at; exit }')
[ -n "$delay" ] || fail "no kill-to-restart interval in the journal"
record "restart delay: ${delay} s from the exit to the scheduled restart (RestartSec=2)"

# --- SIGSTOP: the frame loop stops pinging; the watchdog (WatchdogSec=10) aborts and restarts it.
vmctl screendump "$E2E_OUT/restarted.png"
old=$pid
stopped=$(now)
kill -STOP "$old"
pid=$(wait_active 120 "$old") || fail "a stopped kiosk was not restarted by the watchdog"
back=$(now)
record "kill -STOP: MainPID $old stopped at $stopped s, new MainPID $pid active at $back s, restarts $(prop NRestarts)"
journalctl -b -u kiosk -o short-monotonic --no-pager > journal.txt
grep -q "kiosk.service: Watchdog timeout" journal.txt || fail "the journal does not record the watchdog timeout"
grep -q "Scheduled restart job, restart counter is at 2" journal.txt || fail "the journal does not record the second restart"
timeout_at=$(awk '/kiosk.service: Watchdog timeout/ { match($0, /[0-9]+\.[0-9]+/); print substr($0, RSTART, RLENGTH); exit }' journal.txt)
[ -n "$timeout_at" ] || fail "no watchdog timeout time in journal.txt"
record "watchdog: timeout logged at $timeout_at s, $(awk -v a="$timeout_at" -v b="$stopped" 'BEGIN {printf "%.1f", a - b}') s after SIGSTOP"
[ "$(prop NRestarts)" = 2 ] || fail "NRestarts is $(prop NRestarts), not 2"
case $(prop StatusText) in "showing panel home on Virtual-1 "*) ;; *) fail "no status after the watchdog restart" ;; esac
vmctl screendump "$E2E_OUT/after-watchdog.png"
journalctl -b -u kiosk --no-pager | grep -E "Watchdog|Main process|Scheduled restart|started:|Started|Failed" | tee -a service.txt

# --- VT switch: the devices came from logind through libseat (the kiosk holds no capability and
# opened nothing itself); a switch to tty2 pauses the kiosk, the switch back repaints it.
# waits up to 20 s for COUNT kiosk journal lines (of this process) matching PATTERN
wait_count() {
  tries=200
  until [ "$(journalctl -b -t kiosk _PID="$pid" --no-pager | grep -c "$1" || true)" -ge "$2" ]; do
    tries=$((tries - 1)); [ "$tries" -gt 0 ] || fail "fewer than $2 kiosk journal lines '$1'"
    sleep 0.1
  done
}
# waits up to 20 s for a kiosk journal line (of this process) matching PATTERN
wait_log() { wait_count "$1" 1; }
# the "frames: presented N" figure the kiosk logs on SIGUSR1
statistics_lines() { journalctl -b -t kiosk _PID="$pid" --no-pager | grep -c "frames: presented" || true; }
presented() {
  before=$(statistics_lines)
  kill -USR1 "$pid"
  tries=200
  while [ "$(statistics_lines)" -le "$before" ]; do
    tries=$((tries - 1)); [ "$tries" -gt 0 ] || fail "no statistics line after SIGUSR1"
    sleep 0.1
  done
  journalctl -b -t kiosk _PID="$pid" --no-pager | grep "frames: presented" | tail -n 1 | sed 's/.*frames: presented \([0-9]*\).*/\1/'
}
wait_log "devices through the seat seat0"
record "seat: $(journalctl -b -t kiosk _PID="$pid" --no-pager | grep -o 'devices through the seat.*')"
busybox chvt 2
wait_log "switched away from the seat"
record "vt switch away: $(prop StatusText)"
[ "$(prop StatusText)" = "paused: another session has the display" ] || fail "status while away is '$(prop StatusText)'"
away_frames=$(presented)
kiosk ctl --socket /run/kiosk/control.sock set ring.value 1 > /dev/null || fail "kiosk ctl set while away"
[ "$(kiosk ctl --socket /run/kiosk/control.sock get ring.value)" = 1 ] || fail "the value set while away was not kept"
sleep 1
after_set=$(presented)
record "frames while away: $away_frames before the set, $after_set one second after it"
[ "$after_set" = "$away_frames" ] || fail "the kiosk presented frames while switched away"
vmctl screendump "$E2E_OUT/vt-away.png"
busybox chvt 1
wait_log "the seat is back: repainting"
tries=100
until [ "$(prop StatusText)" = "$status" ]; do
  tries=$((tries - 1)); [ "$tries" -gt 0 ] || fail "status after the return is '$(prop StatusText)', not '$status'"
  sleep 0.1
done
sleep 1
back_frames=$(presented)
record "vt switch back: $(prop StatusText); frames presented $back_frames"
[ "$back_frames" -gt "$after_set" ] || fail "no frame after the return"
vmctl screendump "$E2E_OUT/vt-back.png"
journalctl -b -t kiosk _PID="$pid" --no-pager | grep -E "seat|repainting" | tee -a service.txt

# --- Idle: a config edit (reloaded live) blanks after 8 s without input: the black frame is shown,
# then the display is switched off (DPMS); a Shift press (no key event, still a person) wakes it, and
# the panel is back with the display on.
sed -i 's/^start: home$/display: {idle: {blank: 8s}}\nstart: home/' /etc/kiosk/kiosk.yaml
wait_log "reloaded /etc/kiosk/kiosk.yaml"
wait_log "display off (idle)"
dpms_off=$(cat /sys/class/drm/card0-Virtual-1/dpms)
vmctl screendump "$E2E_OUT/blank.png"
off_frames=$(presented)
record "idle: display off, connector dpms $dpms_off"
[ "$dpms_off" = Off ] || fail "the connector's DPMS state is $dpms_off, not Off"
sleep 2
still=$(presented)
record "idle: frames presented $off_frames while off, $still two seconds later"
[ "$still" = "$off_frames" ] || fail "frames were presented while the display was off"
# A VT switch while blanked: the return repaints, and the display goes off again.
busybox chvt 2
wait_count "switched away from the seat" 2
busybox chvt 1
wait_count "the seat is back: repainting" 2
wait_count "display off (idle)" 2
record "idle: after a VT switch and back while blanked, connector dpms $(cat /sys/class/drm/card0-Virtual-1/dpms)"
[ "$(cat /sys/class/drm/card0-Virtual-1/dpms)" = Off ] || fail "the display stayed on after the VT switch back"
vmctl key shift
wait_log "display on"
sleep 1
dpms_on=$(cat /sys/class/drm/card0-Virtual-1/dpms)
vmctl screendump "$E2E_OUT/woken.png"
record "idle: woken by a key; connector dpms $dpms_on, frames presented $(presented)"
[ "$dpms_on" = On ] || fail "the display did not come back on (DPMS $dpms_on)"
