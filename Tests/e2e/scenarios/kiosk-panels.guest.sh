# kiosk-panels: `kiosk run --config` on the virtual GPU: the start panel as the headless snapshot
# shows it, a tap on a tappable card that navigates, a drag on a slider that drives a progress ring,
# and keys from the AT keyboard typed into a focused text field — checked through the screen and
# through the control socket. Then the frames a panel slide presents, for the host to set beside the
# headless count, and a swipe back to the start panel.
# gpus: bochs virtio
# timeout: 150
kiosk=$KIOSK_BIN_DIR/kiosk
scenarios=$(dirname "$0")
socket=/run/kiosk-e2e-control.sock
ctl() { "$kiosk" ctl --socket $socket "$@"; }

. "$(dirname "$0")/wait.sh"

# asks the kiosk for its frame statistics and waits for the line (the Nth in kiosk.log)
statistics() {
  kill -USR1 "$pid"
  wait_for_line kiosk.log "frames: presented" "$1"
}

# waits until `kiosk ctl get WIDGET.PROPERTY` answers VALUE
wait_for_value() {
  tries=300
  until [ "$(ctl get "$1" 2>/dev/null)" = "$2" ]; do
    tries=$((tries - 1)); [ "$tries" -gt 0 ] || { echo "$1 is '$(ctl get "$1")', not '$2'"; return 1; }
    sleep 0.1
  done
}

fifo=/run/kiosk-e2e-panels-touch.fifo
rm -f $fifo; mkfifo $fifo
e2e-touch < $fifo > /dev/null &
toucher=$!
exec 4> $fifo

"$kiosk" run --backend drm --config "$scenarios/panels.yaml" --control $socket > kiosk.log 2>&1 4>&- &
pid=$!
wait_for_line kiosk.log "first frame presented"
wait_for_line kiosk.log "input device added: .*e2e-touchscreen"
sleep 1
vmctl screendump "$E2E_OUT/home.png"

# The slider's thumb (437, 163) dragged past the end of its track: 1.0, and the ring follows.
cat >&4 <<'TOUCH'
swipe 437 163 900 163 12
TOUCH
wait_for_value level.value 1
wait_for_value ring.value 1
# The drag began on the slider, so the panels (which swipe) stayed put.
[ "$(grep -c '"detail_shown"' kiosk.log)" -eq 0 ] || { echo "the drag on the slider swiped the panel"; exit 1; }
sleep 1
vmctl screendump "$E2E_OUT/ring-full.png"

# A tap focuses the text field; the AT keyboard types into it.
cat >&4 <<'TOUCH'
tap 580 231
TOUCH
sleep 1
for key in k i o s k; do vmctl key $key; done
wait_for_value name.text kiosk

# A tap on the card goes to the detail panel.
cat >&4 <<'TOUCH'
tap 240 391
TOUCH
wait_for_line kiosk.log '"detail_shown"'
sleep 1
vmctl screendump "$E2E_OUT/detail.png"

# The slide `kiosk ctl goto` makes (0.3 s), from home at rest to detail: the frames presented in
# between the two statistics lines. The host sets them beside the headless count at the mode's
# rate (the "display:" line). A recorded figure: under TCG a full-screen frame can take longer
# than a refresh, the more so on a busy machine, and then fewer frames show the slide.
ctl goto home
wait_for_line kiosk.log '"home_shown"' 2
sleep 1
statistics 1
ctl goto detail
wait_for_line kiosk.log '"detail_shown"' 2
sleep 2
statistics 2

# A finger dragged right across the empty lower part of detail brings home back (its left
# neighbour in swipe_order) and lands on it.
cat >&4 <<'TOUCH'
swipe 200 650 1100 650 16
TOUCH
wait_for_line kiosk.log '"home_shown"' 3
sleep 1
vmctl screendump "$E2E_OUT/swiped-home.png"

kill -TERM $pid
status=0; wait $pid || status=$?
echo "kiosk exit status $status"
[ "$status" -eq 0 ]

# Rotated 90° (the UI's top on the panel's right), the card's centre (240, 391) is at panel
# (1280 - 391, 240): a tap there must press that card.
if [ "$E2E_GPU" = bochs ]; then
  "$kiosk" run --backend drm --rotation 90 --config "$scenarios/panels.yaml" --control $socket > rotated.log 2>&1 4>&- &
  pid=$!
  wait_for_line rotated.log "first frame presented"
  sleep 1
  cat >&4 <<'TOUCH'
tap 889 240
TOUCH
  wait_for_line rotated.log '"detail_shown"'
  kill -TERM $pid; wait $pid
fi
exec 4>&-; wait "$toucher"
