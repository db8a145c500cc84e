#!/usr/bin/python3
"""Host side of an e2e run: starts QEMU, answers the guest's requests on the second serial port
(screendump, tablet, key, ping), and enforces the time limit.

usage: vmhost.py RUNDIR OUTDIR TIMEOUT_S QEMU_COMMAND...
exit:  the guest script's status (OUTDIR/exit-code); 124 on timeout; 125 when the VM could not run."""
import json
import os
import select
import socket
import subprocess
import sys
import time

run_dir, out_dir, timeout, command = sys.argv[1], sys.argv[2], float(sys.argv[3]), sys.argv[4:]
started = time.time()
deadline = started + timeout
qemu = subprocess.Popen(command)


def finish(code, message=None):
    if qemu.poll() is None:
        qemu.kill()
        qemu.wait()
    if message:
        print('e2e: ' + message, file=sys.stderr)
    sys.exit(code)


def connect(path):
    # QEMU creates its sockets a moment after it starts.
    while time.time() < deadline and qemu.poll() is None:
        try:
            sock = socket.socket(socket.AF_UNIX)
            sock.connect(path)
            return sock
        except OSError:
            time.sleep(0.05)
    finish(125, 'QEMU did not open ' + path)


class Monitor:
    """A QMP connection: one command at a time, asynchronous events skipped."""

    def __init__(self, path):
        self.stream = connect(path).makefile('rw')
        self.stream.readline()
        self.call('qmp_capabilities')

    def call(self, command, **arguments):
        self.stream.write(json.dumps({'execute': command, 'arguments': arguments}) + '\n')
        self.stream.flush()
        while True:
            reply = json.loads(self.stream.readline())
            if 'return' in reply or 'error' in reply:
                return reply


def screendump(monitor, path):
    path = os.path.realpath(path)
    if not path.startswith(out_dir + '/'):
        return {'error': 'screendump path must be under ' + out_dir}
    return monitor.call('screendump', filename=path, format='png' if path.endswith('.png') else 'ppm')


def tablet_click(monitor, x, y, width, height):
    """An absolute move and a left click on virtio-tablet-pci (axes are 0...32767)."""
    scaled_x, scaled_y = x * 32767 // (width - 1), y * 32767 // (height - 1)
    reply = monitor.call('input-send-event', events=[
        {'type': 'abs', 'data': {'axis': 'x', 'value': scaled_x}},
        {'type': 'abs', 'data': {'axis': 'y', 'value': scaled_y}}])
    for down in (True, False):
        if 'error' in reply:
            break
        time.sleep(0.05)
        reply = monitor.call('input-send-event', events=[{'type': 'btn', 'data': {'down': down, 'button': 'left'}}])
    return reply


def key_press(monitor, qcode):
    reply = {'return': {}}
    for down in (True, False):
        reply = monitor.call('input-send-event', events=[
            {'type': 'key', 'data': {'down': down, 'key': {'type': 'qcode', 'data': qcode}}}])
        if 'error' in reply:
            break
        time.sleep(0.05)
    return reply


def handle(monitor, request):
    words = request.split()
    if not words:
        return 'err empty request'
    name, arguments = words[0], words[1:]
    try:
        if name == 'screendump' and len(arguments) == 1:
            reply = screendump(monitor, arguments[0])
        elif name == 'tablet' and len(arguments) == 4:
            reply = tablet_click(monitor, *map(int, arguments))
        elif name == 'key' and len(arguments) == 1:
            reply = key_press(monitor, arguments[0])
        elif name == 'ping':
            reply = {'return': {}}
        else:
            return 'err unknown request: ' + request
    except ValueError as error:
        return 'err ' + str(error)
    return 'ok' if 'return' in reply else 'err ' + json.dumps(reply['error'])


def serve():
    monitor = Monitor(run_dir + '/qmp.sock')
    control = connect(run_dir + '/ctl.sock')
    pending = b''
    while qemu.poll() is None:
        left = deadline - time.time()
        if left <= 0:
            finish(124, f'timed out after {timeout:.0f}s; VM killed (see {out_dir}/console.log)')
        ready, _, _ = select.select([control], [], [], min(left, 0.2))
        pending += control.recv(4096) if ready else b''
        while b'\n' in pending:
            line, pending = pending.split(b'\n', 1)
            line = line.decode(errors='replace').strip()
            if line.startswith('@@'):
                control.sendall(('@@' + handle(monitor, line[2:]) + '\n').encode())


try:
    serve()
except (OSError, ValueError) as error:
    finish(125, f'host driver failed: {error!r}')
print(f'e2e: VM finished in {time.time() - started:.1f}s', file=sys.stderr)
try:
    with open(out_dir + '/exit-code') as status:
        sys.exit(int(status.read()))
except (OSError, ValueError):
    finish(125, f'the guest left no exit status (see {out_dir}/console.log)')
