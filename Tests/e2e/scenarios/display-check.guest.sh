# display-check: kiosk-display-check drives the virtual GPU through DRMDisplay.
# gpus: bochs
check=$KIOSK_BIN_DIR/kiosk-display-check

. "$(dirname "$0")/wait.sh"

"$check" > listing.txt
cat listing.txt

# Atomic commits: animate, hold the final frame, and capture it while it is held.
"$check" --mode 1280x800 --pattern 3 --hold 4 > atomic.txt 2>&1 &
holder=$!
wait_for_line atomic.txt "holding final frame"
vmctl screendump "$E2E_OUT/pattern.png"
# A second program cannot take the card while the first is DRM master.
if "$check" --pattern 1 > busy.txt 2>&1; then echo "second master was not refused"; exit 1; fi
wait "$holder"
cat atomic.txt busy.txt
vmctl screendump "$E2E_OUT/restored.png"

# The legacy SetCrtc/PageFlip path on the same driver.
"$check" --mode 1280x800 --legacy --pattern 1 > legacy.txt 2>&1
cat legacy.txt

# Errors a person can act on.
if "$check" --pattern 1 --mode 1234x567 > mode-error.txt 2>&1; then echo "unknown mode accepted"; exit 1; fi
if setpriv --reuid=65534 --regid=65534 --clear-groups "$check" --pattern 1 > permission.txt 2>&1; then
  echo "opened the card without permission"; exit 1
fi
cat mode-error.txt permission.txt
ls -l /dev/dri/card0

# The hotplug monitor sees the kernel's DRM change events (here: one synthesised through udev).
"$check" --watch-hotplug 6 > hotplug.txt 2>&1 &
watcher=$!
wait_for_line hotplug.txt "watching DRM events"
udevadm trigger --action=change --subsystem-match=drm
wait "$watcher"
cat hotplug.txt
