# kiosk-clock: a panel that shows the time in minutes, on the virtual GPU. Over 70 s it presents
# one or two frames (one per minute boundary crossed) and its label follows the wall clock: the
# kiosk wakes for `now` only as finely as the panel shows it.
# gpus: bochs
# timeout: 150
kiosk=$KIOSK_BIN_DIR/kiosk
scenarios=$(dirname "$0")
socket=/run/kiosk-e2e-clock.sock
ctl() { "$kiosk" ctl --socket $socket "$@"; }

. "$(dirname "$0")/wait.sh"

# asks the kiosk for its frame statistics and prints the Nth count of frames presented
presented() {
  kill -USR1 "$pid"
  wait_for_line kiosk.log "frames: presented" "$1"
  sed -n 's/.*frames: presented \([0-9]*\),.*/\1/p' kiosk.log | sed -n "$1p"
}

"$kiosk" run --backend drm --config "$scenarios/clock.yaml" --control $socket > kiosk.log 2>&1 &
pid=$!
wait_for_line kiosk.log "first frame presented"
sleep 2
before_text=$(ctl get clock.text)
before=$(presented 1)
sleep 70
after=$(presented 2)
after_text=$(ctl get clock.text)
kill -TERM $pid
status=0; wait $pid || status=$?

frames=$((after - before))
echo "clock '$before_text' -> '$after_text': $frames frames presented in 70 s" | tee recorded.txt
[ "$status" -eq 0 ] || { echo "kiosk exit status $status"; cat kiosk.log; exit 1; }
echo "$before_text" | grep -Eq '^[0-9]{1,2}:[0-9]{2}' || { echo "the clock shows '$before_text', not a time"; exit 1; }
[ "$before_text" != "$after_text" ] || { echo "the clock did not move in 70 s"; exit 1; }
[ "$frames" -ge 1 ] && [ "$frames" -le 2 ] || { echo "expected 1 or 2 frames in 70 s, presented $frames"; exit 1; }
