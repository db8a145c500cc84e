#!/bin/bash
# Host checks for kiosk-run: screendumps against `kiosk snapshot` of the same size, touches at the
# right UI points, idle and animated frame counts, the SIGTERM exit and the permission error.
set -euo pipefail
lib=$E2E_HARNESS/lib
kiosk=$KIOSK_BIN_DIR/kiosk
fail() { echo "FAIL: $*"; exit 1; }

# References rendered here, by the same binary, without a display.
"$kiosk" snapshot --out reference.png
"$kiosk" run --backend headless --once --ring 43 --out reference-43.png > /dev/null
"$kiosk" snapshot --size 800x1280 --out reference-portrait.png
/usr/bin/python3 -c "
from PIL import Image
# Rotation 90: the UI's top is on the panel's right (logical (x, y) at panel (W - 1 - y, x)).
Image.open('reference-portrait.png').transpose(Image.Transpose.ROTATE_270).save('reference-rotated.png')"

"$lib/imagecheck.py" compare dashboard.png reference.png --tolerance 2
"$lib/imagecheck.py" compare ring43.png reference-43.png --tolerance 2
"$lib/imagecheck.py" compare rotated.png reference-rotated.png --tolerance 2
# After the SIGTERM the console is back: the dashboard's gradient is gone.
if "$lib/imagecheck.py" compare restored.png reference.png --tolerance 8 > /dev/null; then
  fail "the dashboard is still on screen after exit"
fi

grep -q "started: backend drm, card /dev/dri/card0" kiosk.log || fail "no start-up summary"
grep -q "exit status [1-9]" busy.log || fail "a second kiosk took the card: $(cat busy.log)"
grep -q "/dev/dri/card0 is busy: another program is DRM master" busy.log || fail "no busy error: $(cat busy.log)"
grep -q "exit status [1-9]" mode.log || fail "an unknown mode was accepted: $(cat mode.log)"
grep -q "mode 1234x567 is not offered by Virtual-1 on /dev/dri/card0; available modes: .*1280x800@" mode.log ||
  fail "no unknown-mode error: $(cat mode.log)"
grep -q "started: backend drm, .* rotation 90°" rotated.log || fail "auto did not pick the display"
grep -q "exit status [1-9]" denied.log || fail "ran without access to the card: $(cat denied.log)"
grep -q "permission denied opening /dev/dri/card0: add the user to the \`video\` group" denied.log ||
  fail "no clear permission error: $(cat denied.log)"

/usr/bin/python3 - <<'PY'
import re

def touches(path):
    found = []
    for line in open(path):
        match = re.search(r'input: touch (\w+) id=(\d+) x=([\d.]+) y=([\d.]+)', line)
        if match:
            found.append((match[1], int(match[2]), float(match[3]), float(match[4])))
    return found

def near(touch, phase, x, y):
    return touch[0] == phase and abs(touch[2] - x) <= 1.5 and abs(touch[3] - y) <= 1.5

def expect(events, phase, x, y, what):
    assert any(near(t, phase, x, y) for t in events), f'{what}: no touch {phase} near ({x}, {y}) in {events}'

def statistics(path):
    return [(int(m[1]), float(m[2])) for m in
            re.finditer(r'frames: presented (\d+), .* at ([\d.]+) s', open(path).read())]

events = touches('kiosk.log')
expect(events, 'began', 100, 200, 'tap')
expect(events, 'ended', 100, 200, 'tap')
# Two fingers down at once: two touches began with different ids before either ended.
began = [i for i, t in enumerate(events) if near(t, 'began', 300, 300) or near(t, 'began', 900, 500)]
assert len(began) == 2, f'both fingers began: {events}'
first, second = events[began[0]], events[began[1]]
assert first[1] != second[1], f'two fingers, two ids: {first} {second}'
between = events[began[0]:began[1]]
assert not any(t[0] == 'ended' for t in between), 'the second finger came down while the first was held'
expect(events, 'moved', 320, 310, 'first finger moved')
expect(events, 'moved', 880, 520, 'second finger moved')
expect(events, 'began', 200, 600, 'drag start')
expect(events, 'ended', 600, 600, 'drag end')
assert sum(1 for t in events if t[0] == 'moved' and 200 < t[2] < 600 and abs(t[3] - 600) <= 1.5) >= 2, \
    'the drag moved through the middle'
expect(events, 'began', 640, 400, 'tap on the touchscreen created again')
print(f'touch: {len(events)} events at the expected UI points, two fingers at once')

rotated = touches('rotated.log')
expect(rotated, 'began', 100, 200, 'rotated tap')
print('rotation 90: panel (1079, 100) arrived at UI (100, 200)')

idle = statistics('kiosk.log')
assert len(idle) >= 2, idle
frames, seconds = idle[1][0] - idle[0][0], idle[1][1] - idle[0][1]
assert seconds >= 2.9, f'idle window {seconds:.2f} s'
assert frames == 0, f'{frames} frames while idle for {seconds:.2f} s'
print(f'idle: {frames} frames in {seconds:.2f} s')
assert idle[3][0] > idle[1][0], 'the key press produced a frame'

# SIGTERM: the kiosk's own stop (signal seen → CRTC restored → "stopped") by its monotonic clock, and
# the whole exit as the guest saw it. Under TCG on a shared host the process teardown after "stopped"
# (unmapping buffers, closing devices) alone has taken up to a second, hence the wider outer bound.
sent, exited, status = re.search(r'sent at ([\d.]+) s, exited at ([\d.]+) s, exit status (\d+)',
                                 open('sigterm.txt').read()).groups()
log = open('kiosk.log').read()
stopping = float(re.search(r'SIGTERM: stopping at ([\d.]+) s', log)[1])
stopped = float(re.search(r'stopped; .* at ([\d.]+) s', log)[1])
print(f'sigterm: exit status {status}; seen after {stopping - float(sent):.3f} s, display restored and '
      f'stopped after {stopped - float(sent):.3f} s, process gone after {float(exited) - float(sent):.3f} s')
assert status == '0', 'SIGTERM exits with status 0'
assert stopped - float(sent) < 0.5, 'the kiosk stops within half a second of SIGTERM'
# The bound only catches a hang: a guest sharing a busy host has taken 1.7 s to tear down.
assert float(exited) - float(sent) < 3, 'the process is gone within three seconds'

refresh = float(re.search(r'mode \d+x\d+@(\d+)', open('animate.log').read())[1])
animated = statistics('animate.log')
frames, seconds = animated[1][0] - animated[0][0], animated[1][1] - animated[0][1]
rate = frames / seconds
print(f'animation: {frames} frames in {seconds:.2f} s = {rate:.1f} fps (mode {refresh:.0f} Hz)')
assert frames >= 10, 'the animation ran'
assert frames - 1 <= refresh * seconds * 1.01, f'{rate:.1f} fps is above the refresh rate {refresh}'
PY
echo "kiosk-run: all host checks hold"
