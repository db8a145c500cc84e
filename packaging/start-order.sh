#!/bin/bash
# start-order.sh KIOSK CONFIG ORDER [DRM_PAGES] - writes ORDER, the functions KIOSK runs from exec to its first
# frame (headless) on CONFIG and on its built-in dashboard, and those of its display and input
# modules, one symbol a line: the symbol ordering file the installed binary is linked with
# (`make start-order` runs this; the Makefile's RELEASE_LINK reads it).
#
# Why: the kernel maps a binary's pages around each one touched (fault-around, 64 KiB), so the few
# hundred kilobytes of code a start runs, spread over 18 MiB of text, made 6 MiB of it resident.
# Placed together by the linker they make a few hundred kilobytes. A symbol missing from a later
# build is passed over, and code not listed keeps its place: an older list costs memory, never
# correctness.
#
# Callgrind names every function it saw run. It cannot read lld's debug information, so it runs a
# copy without it; the names come from the symbol table.
set -euo pipefail
kiosk=$1 config=$(realpath "$2") order=$3 drm_pages=${4:-}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
strip --strip-debug -o "$work/kiosk" "$kiosk"

# One start under callgrind: `trace NAME [CONFIG]` writes $work/NAME.out.1, the functions run from
# exec until READY=1 is sent (callgrind dumps them as notifyFirstFrame returns; what runs after,
# such as writing the frame file, goes to NAME.out). Without a config the kiosk shows its built-in
# dashboard, the start `kiosk-bench start` measures; with one, the start of a service. The list is
# the functions either runs. The kiosk is started as kiosk-bench starts it, with a NOTIFY_SOCKET
# that listens, from a directory of its own (the frame file goes there).
trace() {
  local name=$1
  shift
  rm -f "$work/notify" "$work/ready"
  python3 - "$work/notify" "$work/ready" << 'EOF_LISTENER' &
import socket, sys
listener = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
listener.bind(sys.argv[1])
listener.settimeout(150)
while b"READY=1" not in listener.recv(4096):
    pass
open(sys.argv[2], "w").close()
EOF_LISTENER
  local listener=$!
  for _ in $(seq 100); do [ -S "$work/notify" ] && break; sleep 0.1; done
  (cd "$work" && NOTIFY_SOCKET="$work/notify" exec valgrind --tool=callgrind --callgrind-out-file="$work/$name.out" \
    --dump-instr=no --compress-strings=no --demangle=no '--dump-after=*notifyFirstFrame*' "$work/kiosk" run --backend headless "$@") > "$work/$name.log" 2>&1 &
  local runner=$!
  # Under callgrind the first frame takes seconds. Bounded: two minutes. The dump is whole once its
  # last line, the totals, is written.
  for _ in $(seq 1200); do
    grep -qs '^totals:' "$work/$name.out.1" && break
    kill -0 "$runner" 2> /dev/null || break
    sleep 0.1
  done
  for _ in $(seq 50); do [ -e "$work/ready" ] && break; sleep 0.1; done
  kill "$listener" 2> /dev/null || true
  if ! grep -qs '^totals:' "$work/$name.out.1"; then
    kill -TERM "$runner" 2> /dev/null || true
    cat "$work/$name.log" >&2
    echo "start-order.sh: no first frame from $kiosk $* (or callgrind made no dump as notifyFirstFrame returned: renamed, inlined?)" >&2
    exit 1
  fi
  [ -e "$work/ready" ] || { echo "start-order.sh: $kiosk $* sent no READY=1" >&2; exit 1; }
  kill -TERM "$runner"
  wait "$runner" || true
}
trace config --config "$config"
trace dashboard

# The functions one start runs, sorted, so that a list made again differs from the last by what the
# start runs differently. `ob=` names the object of the `fn=` lines after it; only the kiosk's own
# functions are listed. Callgrind marks a function's recursive calls with a suffix (`'2`).
functions() {
  awk -v binary="$work/kiosk" '
    /^ob=/ { object = substr($0, 4) }
    /^fn=/ && object == binary { name = substr($0, 4); sub(/\047[0-9]+$/, "", name); if (name !~ /^0x/) print name }
  ' "$1" | LC_ALL=C sort -u
}
functions "$work/dashboard.out.1" > "$work/dashboard.list"
functions "$work/config.out.1" > "$work/config.list"
# A start on a display runs what no start here can: the DRM output, libinput, the seat, the service.
# DRM_PAGES, when given, holds the pages of KIOSK's code such a start ran in the e2e guest
# (`fresh-board` writes it: the mapping's file offset, then one page index a line); the functions
# on those pages are that start's. Without it, the display's and input's modules and the runtime's
# seat stand in.
if [ -n "$drm_pages" ]; then
  segment=$(readelf -lW "$kiosk" | awk '$1 == "LOAD" && $8 == "E" { print $2, $3; exit }')
  { echo "segment $segment"; cat "$drm_pages"; nm -S --defined-only "$kiosk" | awk '$3 ~ /^[tT]$/ { print "symbol", $1, $2, $4 }'; } |
    awk '
      function hex(text,   value, i) { value = 0; text = tolower(text); sub(/^0x/, "", text)
        for (i = 1; i <= length(text); i++) value = value * 16 + index("0123456789abcdef", substr(text, i, 1)) - 1
        return value }
      $1 == "segment" { delta = hex($3) - hex($2) }
      $1 == "offset" { base = hex($2) }
      $1 ~ /^[0-9]+$/ { page[int((base + $1 * 4096 + delta) / 4096)] = 1 }
      $1 == "symbol" { start = hex($2); end = start + (hex($3) > 0 ? hex($3) : 1)
        for (p = int(start / 4096); p <= int((end - 1) / 4096); p++) if (p in page) { print $4; break } }
    ' | LC_ALL=C sort -u
else
  nm --defined-only "$kiosk" | awk '$2 ~ /^[tT]$/ && ($3 ~ /^\$s8KioskDRM/ || $3 ~ /^\$s10KioskInput/ ||
      ($3 ~ /^\$s12KioskRuntime/ && $3 ~ /Seat|DRM|Input|Logind/)) { print $3 }' | LC_ALL=C sort -u
fi > "$work/display.list"

# The functions the linker cannot move apart: those in a .text the compiler shared between many
# (the Swift runtime's and Foundation's archives were compiled so; the standard library's is one
# section of 1.5 MiB). The linker places such a section whole where the list first names one of
# its functions, which would split the run of the others, so they are listed last. The kiosk's
# own objects (built with -function-sections) and the archives the link took them from tell.
swift_static=$(dirname "$(realpath "$(command -v swiftc)")")/../lib/swift_static/linux
for object in "$(dirname "$kiosk")"/*.build/*.o "$swift_static"/*.a "$(gcc -print-file-name=libstdc++.a)"; do
  objdump -t "$object" 2> /dev/null
done | awk '/ F / { for (i = 1; i < NF; i++) if ($i == ".text") { print $NF; break } }' | LC_ALL=C sort -u > "$work/shared.list"

# Each function is signed with the starts that run it: D the built-in dashboard, C the config's, R
# the display's. The groups are placed so that each start's code is one run of pages, as far as
# three starts allow: D, then D and R, then all three, then D and C, then C, then C and R, then R.
# The dashboard's start and the config's each find theirs in one run; the display's in two, split
# by the code of the headless starts only (D and C, C).
{ sed 's/^/D /' "$work/dashboard.list"; sed 's/^/C /' "$work/config.list"; sed 's/^/R /' "$work/display.list"; } |
  awk '{ signature[$2] = signature[$2] $1 } END { for (name in signature) print signature[name], name }' > "$work/signed"
in_start_order() {
  for signature in D DR DCR DC C CR R; do
    awk -v signature="$signature" '$1 == signature { print $2 }' "$work/signed" | LC_ALL=C sort
  done
}
in_start_order > "$work/ordered.list"
movable() { awk 'NR == FNR { shared[$0]; next } !($0 in shared)' "$work/shared.list" "$work/ordered.list"; }
shared() { awk 'NR == FNR { shared[$0]; next } $0 in shared' "$work/shared.list" "$work/ordered.list"; }
{
  echo "# The functions the kiosk runs from exec to its first frame (packaging/start-order.sh), which"
  echo "# the installed binary is linked with side by side. Regenerate with \`make start-order\`."
  echo "# Grouped by the starts that run them (the built-in dashboard's, a config's, a display's), so"
  echo "# that each start finds its code in a run of pages; last, the functions in sections shared"
  echo "# with others."
  # What runs before main, which callgrind counts as "(below main)": the entry point and the C
  # runtime's start-up code, each in a small section of its own.
  echo _start
  echo frame_dummy
  movable
  shared
} > "$order.new"
count=$(grep -vc '^#' "$order.new")
[ "$count" -gt 100 ] || { echo "start-order.sh: only $count functions seen; $order left as it was" >&2; rm -f "$order.new"; exit 1; }
mv "$order.new" "$order"
echo "start-order.sh: $count functions in $order"
