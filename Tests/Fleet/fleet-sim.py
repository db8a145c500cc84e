#!/usr/bin/env python3
"""Fleet simulation: N headless kiosks on one local mosquitto broker.

Prints how long a fleet-wide `goto` (published once on kiosk/all/command) takes to show on every
kiosk's retained state topic (p50, p99, max), how long one kiosk killed with SIGKILL takes to show
`offline` to a subscriber (its last will), and the kiosks' resident memory. Exits 1 when a kiosk
never shows the new panel or the killed one never shows offline.

usage: fleet-sim.py KIOSK_BINARY [--kiosks N]
"""
import os, signal, socket, subprocess, sys, tempfile, time

def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]

def percentile(values, p):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]

def rss_kib(pid):
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0

SUBSCRIBERS = []

class Subscriber:
    """mosquitto_sub with a receive timestamp on every line: `SECONDS TOPIC PAYLOAD`."""
    def __init__(self, port, topic):
        SUBSCRIBERS.append(self)
        self.process = subprocess.Popen(
            ["mosquitto_sub", "-h", "127.0.0.1", "-p", str(port), "-V", "mqttv5", "-t", topic, "-F", "%U %t %p"],
            stdout=subprocess.PIPE)
        os.set_blocking(self.process.stdout.fileno(), False)
        self.buffer = ""

    def lines(self, deadline):
        """Lines as they arrive until `deadline` (time.time()); the caller stops early."""
        while time.time() < deadline:
            try:
                chunk = os.read(self.process.stdout.fileno(), 65536)
            except BlockingIOError:
                chunk = b""
            if chunk:
                self.buffer += chunk.decode("utf-8", "replace")
                while "\n" in self.buffer:
                    line, self.buffer = self.buffer.split("\n", 1)
                    yield line
            else:
                time.sleep(0.005)

    def close(self):
        self.process.terminate()
        self.process.wait()

def main():
    binary = sys.argv[1]
    count = int(sys.argv[sys.argv.index("--kiosks") + 1]) if "--kiosks" in sys.argv else 40
    work = tempfile.mkdtemp(prefix="kiosk-fleet-")
    port = free_port()
    with open(f"{work}/mosquitto.conf", "w") as f:
        f.write(f"listener {port} 127.0.0.1\nallow_anonymous true\npersistence false\nmax_keepalive 60\n")
    broker = subprocess.Popen(["mosquitto", "-c", f"{work}/mosquitto.conf"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    kiosks = []
    failed = False
    try:
        for _ in range(100):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                time.sleep(0.05)
        status = Subscriber(port, "kiosk/+/status")
        for index in range(count):
            name = f"fleet-{index:02d}"
            config = f"{work}/{name}.yaml"
            with open(config, "w") as f:
                f.write(f"display: {{size: 160x120}}\nmqtt: {{broker: 'mqtt://127.0.0.1:{port}', client_id: {name}}}\n"
                        "panels:\n  home: {children: [{type: label, text: Home}]}\n"
                        "  other: {children: [{type: label, text: Other}]}\n")
            kiosks.append(subprocess.Popen(
                [binary, "run", "--config", config, "--backend", "headless", "--out", f"{work}/{name}.png",
                 "--control", f"{work}/{name}.sock"], stdout=subprocess.DEVNULL, stderr=open(f"{work}/{name}.log", "w")))
        online = set()
        start = time.time()
        for line in status.lines(time.time() + 60 + count):
            _, topic, payload = line.split(" ", 2)
            if payload == "online":
                online.add(topic)
            if len(online) == count:
                break
        print(f"fleet: {len(online)} of {count} kiosks online after {time.time() - start:.1f} s")
        if len(online) < count:
            return 1
        states = Subscriber(port, "kiosk/+/state")
        time.sleep(1)  # the retained states arrive first; the goto's come after
        sent = time.time()
        subprocess.run(["mosquitto_pub", "-h", "127.0.0.1", "-p", str(port), "-q", "1", "-t", "kiosk/all/command",
                        "-m", '{"cmd":"goto","panel":"other"}'], check=True)
        latencies = {}
        for line in states.lines(sent + 30):
            stamp, topic, payload = line.split(" ", 2)
            if '"panel":"other"' in payload and topic not in latencies:
                latencies[topic] = float(stamp) - sent
            if len(latencies) == count:
                break
        states.close()
        values = list(latencies.values()) or [float("nan")]
        within = sum(1 for v in values if v <= 2.0)
        print(f"fleet goto: {len(latencies)} of {count} kiosks showed the new panel; {within} within 2 s; "
              f"p50 {percentile(values, 50) * 1000:.0f} ms, p99 {percentile(values, 99) * 1000:.0f} ms, "
              f"max {max(values) * 1000:.0f} ms")
        failed |= len(latencies) < count
        memory = [rss_kib(k.pid) for k in kiosks]
        print(f"fleet memory: RSS per kiosk mean {sum(memory) / len(memory) / 1024:.1f} MiB, max {max(memory) / 1024:.1f} MiB")
        victim = kiosks[count // 2]
        victim_topic = f"kiosk/fleet-{count // 2:02d}/status"
        killed = time.time()
        victim.send_signal(signal.SIGKILL)
        victim.wait()
        seen = None
        for line in status.lines(killed + 30):
            stamp, topic, payload = line.split(" ", 2)
            if topic == victim_topic and payload == "offline":
                seen = float(stamp) - killed
                break
        status.close()
        if seen is None:
            print(f"fleet crash: {victim_topic} never showed offline")
            failed = True
        else:
            print(f"fleet crash: {victim_topic} showed offline {seen * 1000:.0f} ms after SIGKILL")
        return 1 if failed else 0
    finally:
        for subscriber in SUBSCRIBERS:
            if subscriber.process.poll() is None:
                subscriber.close()
        for kiosk in kiosks:
            if kiosk.poll() is None:
                kiosk.terminate()
        for kiosk in kiosks:
            kiosk.wait()
        broker.terminate()
        broker.wait()

if __name__ == "__main__":
    sys.exit(main())
