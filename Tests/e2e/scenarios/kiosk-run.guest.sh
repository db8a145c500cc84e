# kiosk-run: `kiosk run --backend drm` on the virtual GPU: the dashboard on screen, touches (hotplugged
# touchscreen, multi-touch, drag), a key that changes the ring, idle and animated frame counts, a clean
# SIGTERM, rotation 90 with a mapped tap, and the errors for a busy card, an unknown mode and a user
# without access to the card.
# gpus: bochs virtio
# timeout: 150
kiosk=$KIOSK_BIN_DIR/kiosk

. "$(dirname "$0")/wait.sh"

# asks the kiosk PID for its frame statistics and waits for the line (the Nth in LOG)
statistics() {
  kill -USR1 "$1"
  wait_for_line "$2" "frames: presented" "$3"
}

# Creates the virtual touchscreen (it stays until touch_stop); commands go to it with touch_send.
touch_start() {
  fifo=/run/kiosk-e2e-touch.fifo     # not under $E2E_OUT: 9p cannot hold a fifo
  rm -f $fifo; mkfifo $fifo
  e2e-touch < $fifo > /dev/null &
  toucher=$!
  exec 4> $fifo
}
touch_send() { cat >&4; }
touch_stop() { exec 4>&-; wait "$toucher"; }

# --- 1: the dashboard, unrotated
"$kiosk" run --backend drm > kiosk.log 2>&1 &
pid=$!
wait_for_line kiosk.log "first frame presented"
statistics $pid kiosk.log 1
sleep 3
statistics $pid kiosk.log 2          # idle: the host checks that no frame came in between
vmctl screendump "$E2E_OUT/dashboard.png"
# A second kiosk cannot take the card while this one is DRM master.
status=0
timeout 30 "$kiosk" run --backend drm > busy.log 2>&1 4>&- || status=$?
echo "exit status $status" >> busy.log

# A touchscreen that appears after the start: a tap, two fingers at once, a drag.
touch_start
wait_for_line kiosk.log "input device added: .*e2e-touchscreen" 1
touch_send <<'TOUCH'
tap 100 200
sleep 0.2
down 0 300 300
down 1 900 500
sleep 0.1
move 0 320 310
move 1 880 520
sleep 0.1
up 0
up 1
sleep 0.2
swipe 200 600 600 600 8
TOUCH
touch_stop
wait_for_line kiosk.log "input device removed: .*e2e-touchscreen" 1
# Removed and created again (it stays for the rotated run below).
touch_start
wait_for_line kiosk.log "input device added: .*e2e-touchscreen" 2
touch_send <<'TOUCH'
tap 640 400
TOUCH
wait_for_line kiosk.log "touch ended id=.* x=640"

# A key through QMP (the AT keyboard): keypad + moves the ring from 42% to 43%.
vmctl key kp_add
wait_for_line kiosk.log "demo: ring 43%"
statistics $pid kiosk.log 3
sleep 0.5
statistics $pid kiosk.log 4           # the frame with the new ring has completed
vmctl screendump "$E2E_OUT/ring43.png"

# SIGTERM: a clean exit, status 0, quickly.
before=$(cut -d' ' -f1 /proc/uptime)
kill -TERM $pid
status=0; wait $pid || status=$?
after=$(cut -d' ' -f1 /proc/uptime)
echo "sigterm: sent at $before s, exited at $after s, exit status $status" | tee sigterm.txt
vmctl screendump "$E2E_OUT/restored.png"

# --- 2: an animation is paced at the refresh rate
"$kiosk" run --backend drm --demo-animate > animate.log 2>&1 4>&- &   # 4: the touch fifo stays ours
pid=$!
wait_for_line animate.log "first frame presented"
sleep 0.5
statistics $pid animate.log 1
sleep 2
statistics $pid animate.log 2
kill -TERM $pid; wait $pid

# --- 3: rotation 90 (portrait UI on the landscape panel)
# (--backend auto: a connected display exists, so the display it is)
"$kiosk" run --rotation 90 > rotated.log 2>&1 4>&- &
pid=$!
wait_for_line rotated.log "first frame presented"
statistics $pid rotated.log 1
vmctl screendump "$E2E_OUT/rotated.png"
# UI point (100, 200) is drawn at panel pixel (1279 - 200, 100); the touchscreen was there at start.
wait_for_line rotated.log "input device added: .*e2e-touchscreen"
touch_send <<'TOUCH'
tap 1079 100
TOUCH
wait_for_line rotated.log "touch ended"
touch_stop
kill -TERM $pid; wait $pid

# --- 4: errors a person can act on: an unknown mode, no access to the card
status=0
timeout 30 "$kiosk" run --backend drm --mode 1234x567 > mode.log 2>&1 || status=$?
echo "exit status $status" >> mode.log
status=0
timeout 30 setpriv --reuid=65534 --regid=65534 --clear-groups "$kiosk" run --backend drm > denied.log 2>&1 || status=$?
echo "exit status $status" >> denied.log
cat kiosk.log busy.log animate.log rotated.log mode.log denied.log sigterm.txt
