#!/usr/bin/env python3
"""Raw RFB clients for the remote view tests, each bounded in time and on loopback only.

  updates PORT N   a viewer that asks for incremental updates and counts N of them ("updates N")
  stall PORT       a viewer that asks for many full frames and never reads ("stalled", then sleeps)
  garbage PORT     a client that sends bytes that are not RFB ("closed" once the kiosk hangs up)
"""
import socket
import struct
import sys
import time

HOST = "127.0.0.1"
TIMEOUT = 30


def recv_exact(sock, count):
    data = bytearray()
    while len(data) < count:
        chunk = sock.recv(count - len(data))
        if not chunk:
            raise EOFError("the server closed the connection")
        data += chunk
    return bytes(data)


def handshake(sock):
    """RFB 3.8 with no authentication; returns the framebuffer's width and height."""
    version = recv_exact(sock, 12)
    assert version.startswith(b"RFB "), version
    sock.sendall(b"RFB 003.008\n")
    count = recv_exact(sock, 1)[0]
    types = recv_exact(sock, count)
    assert 1 in types, f"no 'None' security type offered: {list(types)}"
    sock.sendall(b"\x01")
    assert struct.unpack(">I", recv_exact(sock, 4))[0] == 0, "security failed"
    sock.sendall(b"\x01")  # shared
    width, height = struct.unpack(">HH", recv_exact(sock, 4))
    recv_exact(sock, 16)  # pixel format
    name_length = struct.unpack(">I", recv_exact(sock, 4))[0]
    recv_exact(sock, name_length)
    # Raw encoding only: what arrives is easy to skip.
    sock.sendall(struct.pack(">BxHi", 2, 1, 0))
    return width, height


def request(sock, width, height, incremental):
    sock.sendall(struct.pack(">BBHHHH", 3, 1 if incremental else 0, 0, 0, width, height))


def read_update(sock):
    kind = recv_exact(sock, 1)[0]
    if kind != 0:
        raise ValueError(f"unexpected server message {kind}")
    rects = struct.unpack(">xH", recv_exact(sock, 3))[0]
    for _ in range(rects):
        x, y, w, h, encoding = struct.unpack(">HHHHi", recv_exact(sock, 12))
        if encoding == 0:
            recv_exact(sock, w * h * 4)
        elif encoding not in (-223, -224):  # DesktopSize, LastRect carry nothing
            raise ValueError(f"unexpected encoding {encoding}")


def updates(port, wanted):
    # Shorter than the 20 s after which libvncserver drops a viewer that does not read: a server
    # that waited on the stalled viewer would time this one out first.
    with socket.create_connection((HOST, port), timeout=10) as sock:
        width, height = handshake(sock)
        request(sock, width, height, incremental=False)
        read_update(sock)
        for _ in range(wanted):
            request(sock, width, height, incremental=True)
            read_update(sock)
        print(f"updates {wanted}", flush=True)


def stall(port):
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.settimeout(TIMEOUT)
    sock.connect((HOST, port))
    width, height = handshake(sock)
    # Far more full frames than the socket's buffers hold; none is read.
    for _ in range(200):
        request(sock, width, height, incremental=False)
    print("stalled", flush=True)
    time.sleep(TIMEOUT)
    sock.close()


def garbage(port):
    with socket.create_connection((HOST, port), timeout=TIMEOUT) as sock:
        recv_exact(sock, 12)
        sock.sendall(b"GET / HTTP/1.1\r\nHost: kiosk\r\n\r\n" + bytes(range(256)) * 16)
        try:
            while sock.recv(4096):
                pass
        except ConnectionResetError:
            pass
    print("closed", flush=True)


if __name__ == "__main__":
    command, port = sys.argv[1], int(sys.argv[2])
    if command == "updates":
        updates(port, int(sys.argv[3]))
    elif command == "stall":
        stall(port)
    elif command == "garbage":
        garbage(port)
    else:
        sys.exit(f"unknown command {command}")
