#!/usr/bin/python3
"""figures.py - the kiosk's start, memory, latency and idle figures on the guest's display.

usage: figures.py KIOSK CONFIG TOUCH_FIFO

Starts `KIOSK run --backend drm --config CONFIG --trace trace.json` with a NOTIFY_SOCKET of its own
and measures exec -> READY=1 (sent once the first frame is on the display) and the resident memory
then. Then it taps the slider of panels.yaml at alternating ends (a change on touch-down) through the
e2e-touch FIFO, at random moments within the refresh interval, and reads from the trace each
touch-down's time to the flip that showed it. Finally it counts the loop's wakeups over 5 s of idle
(SIGUSR1 statistics). Prints one line per figure; exits 1 when a figure is missing or idle is not idle.
Under TCG the figures are recorded, not compared: a full frame takes longer than on a board."""
import json
import os
import random
import re
import signal
import socket
import statistics
import subprocess
import sys
import threading
import time

kiosk, config, fifo = sys.argv[1:4]
random.seed(7)


def fail(message):
    print('figures: ' + message, flush=True)
    sys.exit(1)


notify_path = '/run/kiosk-e2e-figures.notify'
if os.path.exists(notify_path):
    os.unlink(notify_path)
notify = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
notify.bind(notify_path)
notify.settimeout(60)

log = open('figures-kiosk.log', 'w', buffering=1)
environment = dict(os.environ, NOTIFY_SOCKET=notify_path)
started = time.monotonic()
process = subprocess.Popen([kiosk, 'run', '--backend', 'drm', '--config', config, '--trace', 'trace.json',
                            '--control', '/run/kiosk-e2e-figures.sock'], env=environment,
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)


def copy_log():
    """Each line of the kiosk's output, stamped with the seconds since exec: where a slow start goes."""
    for line in process.stdout:
        log.write(f'{time.monotonic() - started:8.3f} {line}')


threading.Thread(target=copy_log, daemon=True).start()
ready = None
deadline = started + 60
while ready is None and time.monotonic() < deadline:
    try:
        message = notify.recv(4096).decode()
    except socket.timeout:
        break
    if 'READY=1' in message.split('\n'):
        ready = time.monotonic()
if ready is None:
    process.kill()
    fail('no READY=1 within 60 s')
with open(f'/proc/{process.pid}/status') as status:
    rss = int(re.search(r'VmRSS:\s+(\d+) kB', status.read()).group(1))
print(f'start: exec -> READY=1 (first frame on the display) {1000 * (ready - started):.1f} ms', flush=True)
print(f'memory: {rss / 1024:.1f} MiB resident at READY=1', flush=True)


def wait_for_log(pattern, count, seconds=30):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        with open('figures-kiosk.log') as text:
            if len(re.findall(pattern, text.read())) >= count:
                return
        time.sleep(0.1)
    fail(f'no {pattern!r} (x{count}) in figures-kiosk.log')


wait_for_log('input device added: .*e2e-touchscreen', 1)
time.sleep(1)
taps = 12
with open(fifo, 'w') as touch:
    for number in range(taps):
        # The track runs from x 280 to 880 at y 163: a quarter and three quarters, by turns.
        x = 430 if number % 2 else 730
        time.sleep(0.4 + random.random() / 60)
        touch.write(f'tap {x} 163\n')
        touch.flush()
time.sleep(2)

# Idle: nothing animates, so between two statistics lines only the second signal wakes the loop.
process.send_signal(signal.SIGUSR1)
wait_for_log('frames: presented', 1)
time.sleep(5)
process.send_signal(signal.SIGUSR1)
wait_for_log('frames: presented', 2)
process.send_signal(signal.SIGTERM)
process.wait(timeout=30)
time.sleep(0.5)
with open('figures-kiosk.log') as text:
    wakeups = [int(count) for count in re.findall(r'frames: presented .* wakeups (\d+),', text.read())]
idle_wakeups = wakeups[1] - wakeups[0]
print(f'idle: {idle_wakeups} wakeup(s) in 5 s (the statistics signal itself is one)', flush=True)

with open('trace.json') as text:
    events = json.load(text)
flips = sorted((event['args']['frame'], event['ts']) for event in events if event.get('name') == 'flip')
downs = [event for event in events if event.get('name') == 'input' and 'began' in event['args']['event']]
latencies = []
for down in downs:
    shown = [ts for frame, ts in flips if frame >= down['args']['frame'] and ts >= down['ts']]
    if shown:
        latencies.append((shown[0] - down['ts']) / 1000)
if len(latencies) < taps:
    fail(f'{len(latencies)} of {taps} touch-downs were shown by a flip ({len(downs)} in the trace)')
latencies.sort()
p99 = latencies[min(len(latencies) - 1, int(0.99 * len(latencies)))]
print(f'latency: touch-down read -> flip shown, {len(latencies)} taps: p50 {statistics.median(latencies):.1f} ms, '
      f'p99 {p99:.1f} ms, max {latencies[-1]:.1f} ms', flush=True)
if idle_wakeups > 1:
    fail(f'the idle kiosk woke {idle_wakeups} times in 5 s')
