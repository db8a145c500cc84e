#!/bin/bash
# Host checks for kiosk-panels: each screendump against `kiosk snapshot` of the same panel and size.
set -euo pipefail
lib=$E2E_HARNESS/lib
kiosk=$KIOSK_BIN_DIR/kiosk
config=$E2E_HARNESS/scenarios/panels.yaml

"$kiosk" snapshot "$config" --panel home --size 1280x800 --out reference-home.png > /dev/null
# The same panel with the slider and ring at 1.0, as the drag left them.
sed 's/id: ring, value: 0.25/id: ring, value: 1/; s/id: level, value: 0.25/id: level, value: 1/' "$config" > full.yaml
"$kiosk" snapshot full.yaml --panel home --size 1280x800 --out reference-ring-full.png > /dev/null
"$kiosk" snapshot "$config" --panel detail --size 1280x800 --out reference-detail.png > /dev/null

"$lib/imagecheck.py" compare home.png reference-home.png --tolerance 2
"$lib/imagecheck.py" compare ring-full.png reference-ring-full.png --tolerance 2
"$lib/imagecheck.py" compare detail.png reference-detail.png --tolerance 2
