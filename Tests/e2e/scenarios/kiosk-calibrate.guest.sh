# kiosk-calibrate: `kiosk calibrate` on the virtual GPU with a uinput touchscreen whose readings are
# deliberately skewed (85% of x plus 90 px, 90% of y plus 30 px). With no touchscreen it refuses.
# Then each crosshair it shows is tapped where it is drawn; it finds the matrix, checks it against
# the fifth, and --write puts it into the config with the comments kept. The kiosk started on that
# config puts a tap within 2 px of where it was aimed. Rotated 90°, the same device gives the same
# matrix (calibration is in the device's space, before rotation).
# gpus: bochs
# timeout: 240
kiosk=$KIOSK_BIN_DIR/kiosk
scenarios=$(dirname "$0")
socket=/run/kiosk-e2e-calibrate.sock

. "$(dirname "$0")/wait.sh"

# The panels of kiosk-panels, with an input section whose comments must survive the edit.
cp "$scenarios/panels.yaml" config.yaml
cat >> config.yaml <<'YAML'

# The panel's touch controller.
input:
  seat: seat0   # the only seat
YAML

# No touchscreen yet (the guest has a virtio tablet, a pointer): refused, nothing written.
status=0
"$kiosk" calibrate --config config.yaml --write --timeout 60 > refused.log 2>&1 || status=$?
cat refused.log
[ "$status" -eq 1 ] || { echo "calibrate without a touchscreen: exit $status, not 1"; exit 1; }
grep -q "no touchscreen to calibrate" refused.log
if grep -q calibration: config.yaml; then echo "a refused calibration wrote the config"; exit 1; fi

# taps each crosshair the calibration announces in LOG (display coordinates), COUNT of them
tap_crosshairs() {
  for n in $(seq 1 "$2"); do
    wait_for_line "$1" "crosshair $n of 5" "$3"
    at=$(grep "crosshair $n of 5" "$1" | tail -n 1 | sed -n 's/.*(display \([0-9.]*\),\([0-9.]*\)).*/\1 \2/p')
    [ "$n" -eq 1 ] && [ -n "${4:-}" ] && { sleep 1; vmctl screendump "$E2E_OUT/$4"; }
    echo "tap $at" >&4
  done
}

fifo=/run/kiosk-e2e-calibrate-touch.fifo
rm -f $fifo; mkfifo $fifo
E2E_TOUCH_SKEW="0.85 0.9 90 30" e2e-touch < $fifo > touch.log &
toucher=$!
exec 4> $fifo
wait_for_line touch.log "e2e-touch: ready"
device=$(sed -n 's/^e2e-touch: ready \(.*\)$/\1/p' touch.log)

"$kiosk" calibrate --config config.yaml --write --device "$device" --timeout 60 > calibrate.log 2>&1 4>&- &
pid=$!
tap_crosshairs calibrate.log 5 1 crosshair-1.png
status=0; wait $pid || status=$?
cat calibrate.log
[ "$status" -eq 0 ] || { echo "calibrate exit status $status"; exit 1; }
grep -q "wrote input.calibration into config.yaml" calibrate.log
cat config.yaml | tail -n 6
# The line went in under input:, the comments stayed.
grep -q "^# The panel's touch controller.$" config.yaml
grep -q "^  seat: seat0   # the only seat$" config.yaml
line=$(grep '^  calibration: \[' config.yaml)
echo "$line" | tee recorded.txt
# The skew undone: a = 1/0.85, c = -90/1280/0.85, e = 1/0.9, f = -30/800/0.9, within 1%.
echo "$line" | awk -F'[][, ]+' '{
  want[1] = 1 / 0.85; want[2] = 0; want[3] = -90 / 1280 / 0.85; want[4] = 0; want[5] = 1 / 0.9; want[6] = -30 / 800 / 0.9
  for (i = 1; i <= 6; i++) { d = $(i + 2) - want[i]; if (d < -0.01 || d > 0.01) { print "element " i " is " $(i + 2) ", not " want[i]; exit 1 } }
}'
"$kiosk" check config.yaml

# The kiosk on the calibrated config: a tap aimed at (300, 500) lands within 2 px of it.
"$kiosk" run --backend drm --config config.yaml --control $socket --verbose > kiosk.log 2>&1 4>&- &
pid=$!
wait_for_line kiosk.log "first frame presented"
wait_for_line kiosk.log "input device added: .*e2e-touchscreen"
sleep 1
echo "tap 300 500" >&4
wait_for_line kiosk.log "input: touch began"
landed=$(sed -n 's/.*input: touch began id=[0-9]* x=\([0-9.]*\) y=\([0-9.]*\).*/\1 \2/p' kiosk.log | head -n 1)
echo "aimed at 300 500, landed at $landed" | tee -a recorded.txt
echo "$landed" | awk '{ d = sqrt(($1 - 300) ^ 2 + ($2 - 500) ^ 2); if (d > 2) { print "missed by " d " px"; exit 1 } }'
kill -TERM $pid
wait $pid

# Rotated 90°: the crosshairs are where the rotated UI puts them; the matrix is the same.
sed 's/^  calibration: .*$//' config.yaml > rotated.yaml
printf 'display:\n  rotation: 90\n' >> rotated.yaml
"$kiosk" calibrate --config rotated.yaml --device "$device" --timeout 60 > rotated.log 2>&1 4>&- &
pid=$!
tap_crosshairs rotated.log 5 1 rotated-crosshair-1.png
status=0; wait $pid || status=$?
cat rotated.log
[ "$status" -eq 0 ] || { echo "rotated calibrate exit status $status"; exit 1; }
rotated=$(sed -n 's/^  calibration: \(.*\)$/\1/p' rotated.log)
echo "rotated: $rotated" | tee -a recorded.txt
echo "$line $rotated" | awk -F'[][, ]+' '{
  for (i = 1; i <= 6; i++) { d = $(i + 2) - $(i + 8); if (d < -0.01 || d > 0.01) { print "element " i " differs"; exit 1 } }
}'

exec 4>&-; wait "$toucher"
