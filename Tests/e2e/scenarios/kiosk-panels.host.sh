#!/bin/bash
# Host checks for kiosk-panels: each screendump against `kiosk snapshot` of the same panel and size.
set -euo pipefail
lib=$E2E_HARNESS/lib
kiosk=$KIOSK_BIN_DIR/kiosk
config=$E2E_HARNESS/scenarios/panels.yaml

# The frames the 0.3 s slide to detail presented on the display, and those `kiosk test` presents for
# it headless at the mode's rate. Recorded, not compared: a TCG guest may take longer than a refresh
# for a full-screen frame, and then presents fewer.
rate=$(sed -n 's/.*display: .* (\([0-9.]*\) Hz).*/\1/p' kiosk.log | head -n 1)
presented=$(sed -n 's/.*frames: presented \([0-9]*\),.*/\1/p' kiosk.log | head -n 2 | tr '\n' ' ')
read -r before after <<< "$presented"
if [ -z "$rate" ] || [ -z "${after:-}" ]; then
  echo "kiosk.log has no refresh rate ('$rate') or not two frame statistics ('$presented')"; exit 1
fi
cat > transition.yaml <<SCRIPT
config: $config
size: 1280x800
steps:
  - do: {goto: detail}
SCRIPT
"$kiosk" test transition.yaml --refresh-rate "$rate" --verbose > transition.log
headless=$(sed -n 's/^ok .*step 1 .* (\([0-9]*\) frames*)$/\1/p' transition.log)
[ -n "$headless" ] || { echo "no frame count from kiosk test:"; cat transition.log; exit 1; }
echo "transition 300 ms at $rate Hz: drm $((after - before)) frames, headless $headless frames" | tee recorded.txt

"$kiosk" snapshot "$config" --panel home --size 1280x800 --out reference-home.png > /dev/null
# The same panel with the slider and ring at 1.0, as the drag left them.
sed 's/id: ring, value: 0.25/id: ring, value: 1/; s/id: level, value: 0.25/id: level, value: 1/' "$config" > full.yaml
"$kiosk" snapshot full.yaml --panel home --size 1280x800 --out reference-ring-full.png > /dev/null
"$kiosk" snapshot "$config" --panel detail --size 1280x800 --out reference-detail.png > /dev/null

"$lib/imagecheck.py" compare home.png reference-home.png --tolerance 2
"$lib/imagecheck.py" compare ring-full.png reference-ring-full.png --tolerance 2
"$lib/imagecheck.py" compare detail.png reference-detail.png --tolerance 2
# Home again after the swipe: the ring and slider at 1.0 and the name typed earlier.
sed 's/{type: text_field, id: name, placeholder: Type here,/{type: text_field, id: name, text: kiosk, placeholder: Type here,/' \
  full.yaml > typed.yaml
"$kiosk" snapshot typed.yaml --panel home --size 1280x800 --out reference-swiped-home.png > /dev/null
"$lib/imagecheck.py" compare swiped-home.png reference-swiped-home.png --tolerance 2
