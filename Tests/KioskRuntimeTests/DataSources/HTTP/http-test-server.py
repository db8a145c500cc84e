#!/usr/bin/env python3
"""A local HTTP server with misbehaving routes, for the HTTP fetcher's tests.

Listens on 127.0.0.1 on a port the system picks, prints "port N" and then "request PATH" for each
request it reads. Exits when its standard input closes, so it never outlives the test process.
With `--tls CERT KEY` it speaks HTTPS with that certificate.
"""
import json
import os
import ssl
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

HUGE = 2 * 1024 * 1024


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, format, *args):
        pass

    def answer(self, status, body, content_type="application/json", length=True):
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        if length:
            self.send_header("Content-Length", str(len(body)))
        else:
            self.send_header("Connection", "close")
        self.end_headers()
        self.wfile.write(body)
        if not length:
            self.close_connection = True

    def do_GET(self):
        print("request " + self.path, flush=True)
        path = self.path
        if path == "/ok":
            self.answer(200, b'{"temp": 21.5, "ok": true}', "application/json; charset=utf-8")
        elif path == "/text":
            self.answer(200, "Grüße".encode(), "text/plain; charset=utf-8")
        elif path == "/slow":
            time.sleep(3)
            self.answer(200, b'{"late": true}')
        elif path == "/fail":
            self.answer(500, b'{"error": "broken"}')
        elif path == "/missing":
            self.answer(404, b"not here", "text/plain")
        elif path == "/huge":
            self.answer(200, b"x" * HUGE, "text/plain")
        elif path == "/huge-unannounced":
            self.answer(200, b"x" * HUGE, "text/plain", length=False)
        elif path == "/malformed":
            self.answer(200, b'{"a":')
        elif path == "/hang":
            # Reads the request and never answers; the connection stays open.
            time.sleep(600)
        elif path == "/drop":
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", "1000")
            self.end_headers()
            self.wfile.write(b'{"partial": "' + b"y" * 100)
            self.wfile.flush()
            self.close_connection = True
        elif path == "/headers":
            body = json.dumps({name.lower(): value for name, value in self.headers.items()}).encode()
            self.answer(200, body)
        elif path == "/redirect":
            self.send_response(302)
            self.send_header("Location", "/ok")
            self.send_header("Content-Length", "0")
            self.end_headers()
        elif path == "/redirect-loop":
            self.send_response(302)
            self.send_header("Location", "/redirect-loop")
            self.send_header("Content-Length", "0")
            self.end_headers()
        else:
            self.answer(404, b"unknown route", "text/plain")


def exit_when_stdin_closes():
    sys.stdin.buffer.read()
    os._exit(0)


def main():
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    if len(sys.argv) == 4 and sys.argv[1] == "--tls":
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(sys.argv[2], sys.argv[3])
        server.socket = context.wrap_socket(server.socket, server_side=True)
    threading.Thread(target=exit_when_stdin_closes, daemon=True).start()
    print("port %d" % server.server_address[1], flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
