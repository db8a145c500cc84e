#!/bin/bash
# run.sh - the KioskKit end-to-end suite: boots one QEMU guest per virtual GPU, runs every scenario
# meant for that GPU inside it, then the scenarios' host-side checks, and prints "N passed, N failed".
#
# usage: Tests/e2e/run.sh [-g "bochs virtio"] [-o OUTDIR] [SCENARIO...]
#
# A scenario is Tests/e2e/scenarios/NAME.guest.sh (runs as root in the guest with `sh -eu`, working
# directory and $E2E_OUT = OUTDIR/GPU/NAME; $KIOSK_BIN_DIR holds the built binaries, $E2E_GPU names the
# GPU; vmctl and e2e-touch are on PATH) plus an optional NAME.host.sh run on the host afterwards in the
# same folder (for screendump comparisons: lib/imagecheck.py). A "# gpus: bochs" line in the guest
# script limits it to those GPUs. A "# boot: systemd" line runs it in a guest booted with systemd as
# PID 1 and the kiosk installed as a service (run-in-vm.sh E2E_INIT_MODE=systemd; its output goes
# to OUTDIR/GPU-systemd/NAME); "# boot: board" in a fresh Debian 12 root with the kiosk installed as
# the README says (run-in-vm.sh E2E_INIT_MODE=board); "# timeout: SECONDS" raises the in-guest limit of 90 s. A scenario
# passes when both exit 0. Figures a scenario records rather than checks (frame counts under TCG) go
# to recorded.txt in its folder: printed under its result and gathered in OUTDIR/recorded.txt.
set -uo pipefail
HARNESS=$(dirname "$(realpath "$0")")
ROOT=$(realpath "$HARNESS/../..")
GPUS="bochs virtio" OUT=${E2E_OUT_DIR:-/tmp/kiosk-e2e}
while getopts g:o: option; do
  case $option in g) GPUS=$OPTARG ;; o) OUT=$OPTARG ;; *) exit 2 ;; esac
done
shift $((OPTIND - 1))
if [ $# -gt 0 ]; then SCENARIOS="$*"
else SCENARIOS=$(cd "$HARNESS/scenarios" && ls ./*.guest.sh | sed 's|^\./||; s|\.guest\.sh$||'); fi
export KIOSK_BIN_DIR=${KIOSK_BIN_DIR:-$(cd "$ROOT" && swift build --show-bin-path)}
export E2E_HARNESS=$HARNESS
rm -rf "$OUT"
mkdir -p "$OUT"

passed=0 failed=0
started=$(date +%s)
for gpu in $GPUS; do
 for boot in plain systemd board; do
  selected=""
  for name in $SCENARIOS; do
    script=$HARNESS/scenarios/$name.guest.sh
    if [ ! -f "$script" ]; then
      [ "$boot" = plain ] && { echo "FAIL $gpu/$name: no such scenario ($script)"; failed=$((failed + 1)); }
      continue
    fi
    gpus=$(sed -n 's/^# gpus: *//p' "$script")
    wanted_boot=$(sed -n 's/^# boot: *//p' "$script")
    [ "${wanted_boot:-plain}" = "$boot" ] || continue
    case " ${gpus:-$gpu} " in *" $gpu "*) selected="$selected $name" ;; esac
  done
  [ -n "$selected" ] || continue
  vm=$gpu; [ "$boot" = plain ] || vm=$gpu-$boot
  # The VM may take as long as its scenarios' own limits, plus two minutes to boot and power off.
  vm_timeout=120
  for name in $selected; do
    limit=$(sed -n 's/^# timeout: *//p' "$HARNESS/scenarios/$name.guest.sh")
    vm_timeout=$((vm_timeout + ${limit:-90}))
  done
  vm_timeout=${E2E_TIMEOUT:-$vm_timeout}
  echo "== $vm:$selected"
  vm_started=$(date +%s)
  vm_status=0
  E2E_GPU=$gpu E2E_INIT_MODE=$boot "$HARNESS/run-in-vm.sh" -g "$gpu" -t "$vm_timeout" -o "$OUT/$vm" \
    "$HARNESS/guest/run-scenarios.sh" "$HARNESS/scenarios" $selected || vm_status=$?
  echo "   $vm: VM exit $vm_status after $(( $(date +%s) - vm_started ))s"
  for name in $selected; do
    dir=$OUT/$vm/$name
    status=$(cat "$dir/guest-status" 2>/dev/null || echo "none (the VM did not finish it)")
    reason=""
    if [ "$status" != 0 ]; then
      reason="guest script exit $status"
      [ "$vm_status" = 124 ] && reason="$reason; the VM hit the host timeout of ${vm_timeout}s"
      [ "$vm_status" = 125 ] && reason="$reason; the VM could not run (see $OUT/$vm/console.log)"
    elif [ -x "$HARNESS/scenarios/$name.host.sh" ]; then
      (cd "$dir" && E2E_GPU=$gpu "$HARNESS/scenarios/$name.host.sh") > "$dir/host.log" 2>&1 ||
        reason="host check failed"
    fi
    if [ -z "$reason" ]; then
      echo "PASS $vm/$name"; passed=$((passed + 1))
    else
      echo "FAIL $vm/$name: $reason; logs in $dir"
      tail -n 15 "$dir/guest.log" "$dir/host.log" 2>/dev/null | sed 's/^/    /'
      failed=$((failed + 1))
    fi
    if [ -s "$dir/recorded.txt" ]; then
      sed 's/^/    /' "$dir/recorded.txt"
      sed "s|^|$vm/$name: |" "$dir/recorded.txt" >> "$OUT/recorded.txt"
    fi
  done
 done
done
echo "e2e: $passed passed, $failed failed in $(( $(date +%s) - started ))s (output in $OUT)"
[ "$failed" -eq 0 ]
