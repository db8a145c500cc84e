#!/bin/sh
# run-scenarios.sh SCENARIO_DIR NAME... - runs each NAME.guest.sh of SCENARIO_DIR in the guest, one
# after the other, each in its own folder $E2E_OUT/NAME (its working directory and its E2E_OUT),
# with its output in NAME/guest.log and its exit status in NAME/guest-status.
# Per scenario limit: a "# timeout: SECONDS" line in the script, else E2E_SCENARIO_TIMEOUT (default 90).
dir=$1; shift
base=$E2E_OUT
failed=0
for name in "$@"; do
  mkdir -p "$base/$name"
  started=$(cut -d' ' -f1 /proc/uptime)
  limit=$(sed -n 's/^# timeout: *//p' "$dir/$name.guest.sh")
  (cd "$base/$name" && E2E_OUT=$base/$name timeout -k 5 "${limit:-${E2E_SCENARIO_TIMEOUT:-90}}" \
     /bin/sh -eu "$dir/$name.guest.sh") > "$base/$name/guest.log" 2>&1
  status=$?
  echo "$status" > "$base/$name/guest-status"
  echo "scenario $name: exit $status after $(awk -v s="$started" '{printf "%.1f", $1 - s}' /proc/uptime)s"
  [ "$status" -eq 0 ] || failed=$((failed + 1))
done
exit "$failed"
