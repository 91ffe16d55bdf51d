#!/usr/bin/env python3
"""A fake a2a controller console for testing `a2a device` (docs/console.md).

    fake_device.py SOCKET_PATH [--boot]      serve one client on a Unix socket

Imported by device_client_test.py, which serves it on a Unix socket or a pty master
from a thread. With boot=True the banner is printed (slowly, as a booting device
does) when the client connects. Commands (one per line) and what they play:

    run [N]     an exchange line, N trace lines (default 3), a summary, a verdict, ok
    status      a status line, ok           config    a config line, ok
    slow        5 lines 0.3 s apart, ok (a reply that streams slower than the drain)
    silent      nothing, ever               garbage   a line, then bytes 0x00 0xff
    long        5000 characters with no LF  reset     two lines, then a banner
    save        a saved line, ok            reboot    a rebooting line, ok, then a banner
    close       two lines, then the connection closes
    crlf        two lines and ok, ended by CR LF
    anything else: error: unknown command 'X' (try help)
"""
import os
import socket
import sys
import time

BANNER = [
    "a2a controller 0.2.0 (register map 2) on fake-board",
    "reset cause: power-on",
    "config: topology=omega ports=16 radix=2 schedule=latin-square order=natural faults=none slot_us=0 trace=on "
    "valid=yes",
    "fabric: a2a block at capacity 256 ports, 16 stages, fault injection available",
    "watchdog: 2000 ms, fed by the command loop and every round",
    "ready",
]
SUMMARY = ("summary: rounds 16/16, register writes 318, pairs delivered 256/256, missing 0, duplicates 0, "
           "misroutes 0, conflicts 0, crosstalk 0, relayed 0, relay errors 0, held 0, faulted rounds 0, "
           "retries 0, late 0, replans 0")
STATUS = ("status: board=fake-board reset=power-on config=valid exchanges=1 failed=0 last=ok rounds=16/16 "
          "delivered=256/256 missing=0 duplicates=0 late=0 replans=0 fabric=ok fabric_rounds=16 injections_armed=0")


def reply(command, write, close):
    """Plays the reply to one command; False when the connection was closed."""
    words = command.split()
    name = words[0] if words else ""
    if name == "run":
        count = int(words[1]) if len(words) > 1 else 3
        lines = ["exchange 1/1: omega, N = 16, d = 2, 4 stages; schedule latin-square, natural order, 16 rounds"]
        lines += ["round %d: word %d, delivered 16" % (r, r) for r in range(count)]
        lines += [SUMMARY, "verified by the fabric's counters: every pair delivered exactly once", "ok"]
        write("".join(line + "\n" for line in lines).encode())
    elif name == "status":
        write((STATUS + "\nok\n").encode())
    elif name == "config":
        write((BANNER[2] + "\nok\n").encode())
    elif name == "slow":
        for i in range(5):
            write(b"step %d\n" % i)
            time.sleep(0.3)
        write(b"ok\n")
    elif name == "silent":
        pass
    elif name == "garbage":
        write(b"exchange 1/1\n\x00\xff\xfe\n")
    elif name == "long":
        write(b"x" * 5000)
    elif name == "reset":
        write(b"exchange 1/1: omega\nround 0: word 0\n")
        time.sleep(0.1)
        write("".join(line + "\n" for line in BANNER).encode())
    elif name == "save":
        write(b"saved: copy 0, sequence 1, read back and checked: the next boot runs this configuration\nok\n")
    elif name == "reboot":
        write(b"rebooting: the next boot runs the saved configuration\nok\n")
        time.sleep(0.1)
        write("".join(line + "\n" for line in BANNER).encode())
    elif name == "close":
        write(b"exchange 1/1: omega\nround 0: word 0\n")
        time.sleep(0.1)
        close()
        return False
    elif name == "crlf":
        write(b"line one\r\nline two\r\nok\r\n")
    else:
        write(("error: unknown command '%s' (try help)\n" % name).encode())
    return True


def serve(read, write, close, boot=False, stale=b""):
    """Serves one client: read(n) -> bytes (b"" at the end), write(bytes), close()."""
    if stale:
        write(stale)  # output nobody read before the client came
    if boot:
        for i, line in enumerate(BANNER):
            write((line + "\n").encode())
            time.sleep(0.3 if i == 3 else 0.05)  # longer than the drain's quiet: the tool must wait for ready
    pending = b""
    while True:
        try:
            chunk = read(4096)
        except OSError:
            chunk = b""
        if not chunk:
            close()
            return
        pending += chunk
        while b"\n" in pending:
            line, pending = pending.split(b"\n", 1)
            line = line.rstrip(b"\r").decode("ascii", "replace")
            if line.strip() and not reply(line, write, close):
                return


def listen(address):
    """A listening socket: a Unix socket path, or ("127.0.0.1", 0) for loopback TCP."""
    family = socket.AF_UNIX if isinstance(address, str) else socket.AF_INET
    server = socket.socket(family, socket.SOCK_STREAM)
    server.bind(address)
    server.listen(1)
    return server


def serve_socket(server, boot=False, stale=b"", listening=None):
    """Accepts one client on `server` (from listen()) and serves it."""
    if listening is not None:
        listening.set()
    server.settimeout(30)
    try:
        conn, _ = server.accept()
    except socket.timeout:
        server.close()
        return
    server.close()

    def close():
        try:
            conn.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        conn.close()

    def write(data):
        try:
            conn.sendall(data)
        except OSError:
            pass

    serve(conn.recv, write, close, boot, stale)


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    serve_socket(listen(sys.argv[1]), boot="--boot" in sys.argv[2:])
