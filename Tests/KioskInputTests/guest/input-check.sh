# Guest scenario for kiosk-input-check (runs as root inside the QEMU guest, cwd = $E2E_OUT).
# Proves: two fingers down at once keep distinct ids, a tap lands on the right UI point with
# rotation 90, QMP keys arrive through the configured layout (`es`: `a` as text "a", the key right
# of L as "ñ"), a tablet click acts as the pointer finger, and a touchscreen created after the
# tool started works, also after being removed and created again.
# Every `e2e-touch` run creates a new uinput touchscreen and removes it when it ends, so each run
# below is one hotplug cycle. Usage: input-check.sh /path/to/kiosk-input-check
set -eu
TOOL=${1:?usage: input-check.sh /path/to/kiosk-input-check}
LOG=events.txt
fail() { echo "FAIL: $*"; FAILED=1; }
FAILED=0

# Display 1280x800 (e2e-touch's axis ranges), UI rotated by 90: buffer (bx, by) -> UI (by, 1280 - bx).
"$TOOL" --rotation 90 --size 1280x800 --layout es --seconds 120 > "$LOG" 2> tool-stderr.txt &
TOOL_PID=$!
for _ in $(seq 150); do grep -q '^listening' "$LOG" && break; sleep 0.2; done
grep -q '^listening' "$LOG" || { cat tool-stderr.txt; echo "FAIL: tool did not start"; exit 1; }
sleep 1

echo "== 1: two fingers at once on a touchscreen plugged in after the tool started"
printf 'down 0 300 300\ndown 1 500 300\nsleep 0.3\nmove 0 310 310\nmove 1 510 290\nsleep 0.3\nup 0\nup 1\n' | e2e-touch
sleep 1
echo "== 2: the touchscreen was removed; a new one, a tap at buffer (100, 50)"
printf 'tap 100 50\n' | e2e-touch
sleep 1
echo "== keyboard key a and a tablet click at buffer (640, 400) through QMP"
vmctl key a
vmctl key semicolon
vmctl tablet 640 400 1280 800
sleep 1
echo "== 3: created again, a tap at buffer (1000, 700)"
printf 'tap 1000 700\n' | e2e-touch
sleep 1.5
kill "$TOOL_PID" 2>/dev/null || true
wait "$TOOL_PID" 2>/dev/null || true

echo "---- events.txt"; cat "$LOG"; echo "----"
[ -s tool-stderr.txt ] && { echo "---- stderr"; cat tool-stderr.txt; echo "----"; }

# Split the log into touchscreen sessions: a session starts at each "device added ... e2e-touchscreen".
session() { awk -v n="$1" '/device added .*e2e-touchscreen/ {s++} s == n' "$LOG"; }

s1=$(session 1)
# Both fingers begin before either ends, with distinct ids, at their rotated points.
first_end=$(echo "$s1" | grep -n 'touch ended' | head -1 | cut -d: -f1)
b0=$(echo "$s1" | grep -n 'touch began id=0 x=300.00 y=980.00' | head -1 | cut -d: -f1)
b1=$(echo "$s1" | grep -n 'touch began id=1 x=300.00 y=780.00' | head -1 | cut -d: -f1)
if [ -n "$b0" ] && [ -n "$b1" ] && [ -n "$first_end" ] && [ "$b0" -lt "$first_end" ] && [ "$b1" -lt "$first_end" ]; then
  echo "PASS two fingers: ids 0 and 1 both down before the first lift"
else fail "two fingers (began0=$b0 began1=$b1 first-end=$first_end)"; fi
echo "$s1" | grep -q 'touch moved id=0 x=310.00 y=970.00' && echo "$s1" | grep -q 'touch moved id=1 x=290.00 y=770.00' \
  && echo "PASS two fingers moved independently" || fail "two-finger motion"
echo "$s1" | grep -q 'touch ended id=0' && echo "$s1" | grep -q 'touch ended id=1' \
  && echo "PASS both fingers ended" || fail "two-finger lift"

s2=$(session 2)
echo "$s2" | grep -q 'touch began id=0 x=50.00 y=1180.00' && echo "$s2" | grep -q 'touch ended id=0 x=50.00 y=1180.00' \
  && echo "PASS rotation 90: buffer (100, 50) -> UI (50, 1180)" || fail "rotated tap"
echo "$s2" | grep -q 'key down text "a"' && echo "$s2" | grep -q 'key up text "a"' \
  && echo "PASS QMP key a -> text \"a\" (down and up)" || fail "key a"
echo "$s2" | grep -q 'key down text "ñ"' && echo "PASS layout es: QMP key semicolon -> text \"ñ\"" || fail "key ñ"
echo "$s2" | grep -q 'touch began id=pointer' && echo "$s2" | grep -q 'touch ended id=pointer' \
  && echo "PASS tablet click -> pointer finger: $(echo "$s2" | grep 'touch began id=pointer' | cut -d' ' -f2-)" \
  || fail "tablet click"

s3=$(session 3)
echo "$s3" | grep -q 'touch began id=0 x=700.00 y=280.00' \
  && echo "PASS touchscreen created a third time: buffer (1000, 700) -> UI (700, 280)" || fail "third touchscreen"

added=$(grep -c 'device added .*e2e-touchscreen' "$LOG" || true)
removed=$(grep -c 'device removed .*e2e-touchscreen' "$LOG" || true)
[ "$added" -eq 3 ] && [ "$removed" -ge 2 ] && echo "PASS hotplug: touchscreen added $added times, removed $removed times" \
  || fail "hotplug counts (added $added, removed $removed)"
grep -q 'hardware keyboard present' "$LOG" && echo "PASS hardware keyboard reported present" || fail "keyboard presence"

echo "== without access to /dev/input (user nobody, not in group input)"
rc=0; setpriv --reuid=65534 --regid=65534 --clear-groups "$TOOL" --seconds 1 > nobody.txt 2>&1 || rc=$?
cat nobody.txt
[ "$rc" -eq 1 ] && grep -q 'permission denied' nobody.txt && grep -q '`input` group' nobody.txt \
  && echo "PASS no access: exit 1 naming the input group and the seat manager" || fail "permission message (rc $rc)"

[ "$FAILED" -eq 0 ] && echo "ALL PASS" || { echo "SOME FAILED"; exit 1; }
