#!/bin/bash
# Host checks for display-check: the held frame, the restored console, the pacing and the errors.
set -euo pipefail
lib=$E2E_HARNESS/lib
reference=$E2E_HARNESS/reference/display-check-pattern-1280x800.png
fail() { echo "FAIL: $*"; exit 1; }

# The held frame is the pattern exactly: corners, background, the centred bar, no stale bars.
"$lib/imagecheck.py" pixels pattern.png 10,10=#ff0000 -10,10=#00ff00 10,-10=#0000ff -10,-10=#ffffff \
  640,400=#ffc000 100,400=#204080 1000,400=#204080
"$lib/imagecheck.py" compare pattern.png "$reference" --tolerance 8
# After exit the console is back: the pattern is gone.
"$lib/imagecheck.py" not-pixels restored.png 10,10=#ff0000 640,400=#ffc000

for run in atomic legacy; do
  grep -q "^display: /dev/dri/card0 .* 1280x800@" $run.txt || fail "$run: no modeset line"
  grep -q "^restore: crtc [0-9]* framebuffer [0-9]* matches" $run.txt || fail "$run: CRTC not restored"
  # Paced frame rate at or below the mode's refresh, though flips complete long before a refresh.
  /usr/bin/python3 - $run <<'PY'
import re, sys
run = sys.argv[1]
line = next(l for l in open(run + '.txt') if l.startswith('pattern:'))
frames, flips, rate, refresh, latency = (float(v) for v in re.findall(
    r'frames presented (\d+), flips completed (\d+), paced frame rate ([\d.]+) Hz \(mode ([\d.]+) Hz\), '
    r'mean flip completion ([\d.]+) ms', line)[0])
print(f'{run}: {frames:.0f} frames, {flips:.0f} flips, {rate:.2f} fps at {refresh:.2f} Hz, flips done after {latency:.2f} ms')
assert frames == flips, 'every presented frame completes one flip'
assert frames >= 10, 'the pattern ran'
assert rate <= refresh * 1.001, f'paced rate {rate} above the refresh rate {refresh}'
assert latency < 1000 / refresh, 'flips complete before a refresh interval: the GPU has no real vblank'
PY
done
grep -q "atomic" atomic.txt || fail "atomic run did not use atomic commits"
grep -q "legacy" legacy.txt || fail "legacy run did not use legacy calls"

grep -q "is busy: another program is DRM master" busy.txt || fail "no busy error: $(cat busy.txt)"
grep -q "mode 1234x567 is not offered by .* available modes: .*1280x800@" mode-error.txt ||
  fail "unknown-mode error: $(cat mode-error.txt)"
grep -q "permission denied opening /dev/dri/card0: add the user to the \`video\` group" permission.txt ||
  fail "permission error: $(cat permission.txt)"
grep -q "^event: drm change /dev/dri/card0" hotplug.txt || fail "no hotplug event: $(cat hotplug.txt)"
echo "display-check: all host checks hold"
