#!/bin/bash
# Host checks for fresh-board: both boots and the upgraded kiosk show the configured home panel, and
# the guest got through the upgrade, the remove and the purge.
set -euo pipefail
lib=$E2E_HARNESS/lib
"$KIOSK_BIN_DIR/kiosk" snapshot "$E2E_HARNESS/scenarios/panels.yaml" --panel home --size 1280x800 --out reference.png
for shot in boot1 boot2 upgrade; do
  "$lib/imagecheck.py" compare $shot.png reference.png --tolerance 2 || { echo "FAIL: $shot.png is not the configured home panel"; exit 1; }
done
for step in "boot 2: the kiosk came back after the reboot" "upgrade: " "remove: " "purge: "; do
  grep -q "^$step" board.txt || { echo "FAIL: board.txt has no '$step' line"; exit 1; }
done
echo "fresh-board: all host checks hold"
