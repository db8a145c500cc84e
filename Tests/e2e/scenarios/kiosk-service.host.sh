#!/bin/bash
# Host checks for kiosk-service: what the service showed against `kiosk snapshot` of the same size
# (at start, after the kill -9 restart, after the watchdog restart), and the restart figures.
set -euo pipefail
lib=$E2E_HARNESS/lib
fail() { echo "FAIL: $*"; exit 1; }

# The service's config is scenarios/panels.yaml (guest/systemd/stage.sh); it starts on "home".
"$KIOSK_BIN_DIR/kiosk" snapshot "$E2E_HARNESS/scenarios/panels.yaml" --panel home --size 1280x800 --out reference.png
for shot in started restarted after-watchdog; do
  "$lib/imagecheck.py" compare $shot.png reference.png --tolerance 2 || fail "$shot.png is not the configured home panel"
done

# Switched away, the screen is the other VT's, not the kiosk's; back, it shows the value set meanwhile.
if "$lib/imagecheck.py" compare vt-away.png reference.png --tolerance 2 > /dev/null 2>&1; then
  fail "vt-away.png still shows the kiosk after the switch to tty2"
fi
sed 's/id: ring, value: 0.25/id: ring, value: 1/' "$E2E_HARNESS/scenarios/panels.yaml" > ring-full.yaml
"$KIOSK_BIN_DIR/kiosk" snapshot ring-full.yaml --panel home --size 1280x800 --out reference-ring-full.png
"$lib/imagecheck.py" compare vt-back.png reference-ring-full.png --tolerance 2 || fail "vt-back.png is not the home panel with the ring set while away"
# Blanked, the screen is black (the display is off, or shows the black frame); woken, the panel is back.
/usr/bin/python3 - <<'PY'
from PIL import Image
blank = Image.open('blank.png').convert('L')
assert blank.getextrema()[1] <= 8, f'blank.png is not black: brightest pixel {blank.getextrema()[1]}'
print('blank.png is black')
PY
"$lib/imagecheck.py" compare woken.png reference-ring-full.png --tolerance 2 || fail "woken.png is not the panel"

/usr/bin/python3 - <<'PY'
import re
text = open('service.txt').read()
delay = float(re.search(r'restart delay: ([\d.]+) s', text)[1])
# RestartSec=2: systemd's timer, so not before 2 s; a loaded TCG guest may be late, not early.
assert 2.0 <= delay < 4.0, f'restart {delay} s after the exit; RestartSec is 2 s'
stopped = float(re.search(r'MainPID \d+ stopped at ([\d.]+) s', text)[1])
timeout = float(re.search(r'watchdog: timeout logged at ([\d.]+) s', text)[1])
# The last ping came at most half a WatchdogSec (5 s) before the stop: the timeout is 5 to 10 s later.
assert 4.5 <= timeout - stopped <= 11.5, f'watchdog fired {timeout - stopped:.1f} s after SIGSTOP; WatchdogSec is 10 s'
print(f'restart delay {delay:.2f} s (RestartSec 2 s); watchdog timeout {timeout - stopped:.1f} s after SIGSTOP (WatchdogSec 10 s)')
PY
echo "kiosk-service: all host checks hold"
