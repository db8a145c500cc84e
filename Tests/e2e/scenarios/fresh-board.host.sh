#!/bin/bash
# Host checks for fresh-board: both boots show the configured home panel.
set -euo pipefail
lib=$E2E_HARNESS/lib
"$KIOSK_BIN_DIR/kiosk" snapshot "$E2E_HARNESS/scenarios/panels.yaml" --panel home --size 1280x800 --out reference.png
for shot in boot1 boot2; do
  "$lib/imagecheck.py" compare $shot.png reference.png --tolerance 2 || { echo "FAIL: $shot.png is not the configured home panel"; exit 1; }
done
grep -q "boot 2: the kiosk came back after the reboot" board.txt || { echo "FAIL: no second boot"; exit 1; }
echo "fresh-board: all host checks hold"
