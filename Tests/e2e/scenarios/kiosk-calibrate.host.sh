#!/bin/bash
# Host checks for kiosk-calibrate: the first crosshair where the calibration said it is, upright
# and rotated (white arms on black, 1 px wide), and nothing drawn where no crosshair is.
set -euo pipefail
lib=$E2E_HARNESS/lib
# Upright at display (160.5, 100.5): the arms run along row 100 and column 160.
"$lib/imagecheck.py" pixels crosshair-1.png 140,100=#FFFFFF 180,100=#FFFFFF 160,80=#FFFFFF 160,120=#FFFFFF \
  300,600=#000000 640,700=#000000 --tolerance 8
"$lib/imagecheck.py" not-pixels crosshair-1.png 140,101=#FFFFFF 161,80=#FFFFFF --tolerance 8
# Rotated 90°, UI (100.5, 160.5) of 800x1280 shows at display (1119.5, 100.5): the UI's horizontal
# arm is the display's column 1119, its vertical arm the display's row 100.
"$lib/imagecheck.py" pixels rotated-crosshair-1.png 1119,80=#FFFFFF 1119,120=#FFFFFF 1100,100=#FFFFFF 1140,100=#FFFFFF \
  300,600=#000000 --tolerance 8
