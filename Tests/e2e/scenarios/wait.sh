# Shared by the guest scenarios (`. "$(dirname "$0")/wait.sh"`): waiting for a log line.

# waits (up to 60 s: TCG is slow) until FILE has at least COUNT (default 1) lines matching PATTERN
wait_for_line() {
  tries=600
  until [ "$(grep -c "$2" "$1" 2>/dev/null)" -ge "${3:-1}" ]; do
    tries=$((tries - 1)); [ "$tries" -gt 0 ] || { echo "no '$2' (x${3:-1}) in $1"; cat "$1"; return 1; }
    sleep 0.1
  done
}
