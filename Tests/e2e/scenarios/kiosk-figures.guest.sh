# kiosk-figures: what a person feels on the display, as figures (recorded, not compared: under TCG
# a full frame takes longer than on a board): exec -> first frame presented (READY=1), resident
# memory then, touch-down -> flip shown on the slider of panels.yaml, and the idle loop's wakeups,
# which must be none beyond the statistics signal itself.
# gpus: bochs
# timeout: 150
scenarios=$(dirname "$0")
# As on a board, the binary is read from local storage once it has run: the first read over the
# guest's shared folder under TCG takes seconds and says nothing about the kiosk.
cat "$KIOSK_BIN_DIR/kiosk" > /dev/null
"$KIOSK_BIN_DIR/kiosk" check "$scenarios/panels.yaml"
fifo=/run/kiosk-e2e-figures-touch.fifo
rm -f $fifo; mkfifo $fifo
e2e-touch < $fifo > touch.log &
toucher=$!
exec 4> $fifo
"$scenarios/figures.py" "$KIOSK_BIN_DIR/kiosk" "$scenarios/panels.yaml" $fifo | tee recorded.txt
status=$(tail -n 1 recorded.txt | grep -c '^figures: ' || true)
exec 4>&-; wait "$toucher"
[ "$status" -eq 0 ] && [ "$(grep -c '^latency: ' recorded.txt)" -eq 1 ]
