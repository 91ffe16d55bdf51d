#!/usr/bin/env python3
"""A host that stops reading cannot hurt the device (issue 45's acceptance).

    slow_host.py --machine M --image ELF [--icount-shift S] [--ports N] [--count C]
                 [--deaf-seconds T]

QEMU runs the controller image with its console UART on a Unix socket in a fresh
temporary folder (-serial unix:PATH,server=on,wait=off, a small receive buffer) and,
with --icount-shift, at the board's clock (-icount: the watchdog fires after as many
instructions as on the board, whatever the host's load). The client sends
`set topology=omega ports=N trace=on` and `run C`, reads until the trace shows round
3, then reads nothing for T seconds (a stalled terminal; QEMU's socket backs up, the
UART's transmitter stays full), then reads again to the run's end and asks `status`.

Checks: no reset (no banner during the run; `reset=power-on`), every exchange's summary clean
(N^2 pairs, no duplicates), every line whole (each matches the console's grammar; a
trace line lists N sends), the trace lines received plus status's trace_dropped equal
C * rounds, and nothing lost by the console (console_lost=0 where the board reports
it). Exit 0: all held; 1: one failed (the reasons and the transcript's tail printed);
2: usage. Every wait is bounded.
"""
import argparse
import os
import re
import socket
import subprocess
import sys
import tempfile
import time

LINE_FORMS = [
    r"round \d+: word \d+(, \d+ register writes)?(, sends( \d+->\d+)*)?",
    r"exchange \d+/\d+: .*",
    r"summary: rounds \d+/\d+, .*",
    r"verified by the fabric's counters: every pair delivered exactly once",
    r"ok",
    r"status: .*",
    r"config: .*",
]
LINE = re.compile("|".join(f"(?:{f})" for f in LINE_FORMS))


class Console:
    def __init__(self, path, timeout):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        # A small receive buffer: QEMU's side backs up after a few KiB, as a terminal
        # or a USB-serial bridge with flow control does.
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        self.sock.connect(path)
        self.sock.settimeout(0.2)
        self.data = b""
        self.timeout = timeout

    def pump(self):
        try:
            chunk = self.sock.recv(65536)
        except socket.timeout:
            return
        if not chunk:
            raise SystemExit("slow_host: QEMU closed the console")
        self.data += chunk

    def wait_for(self, pattern, start=0, timeout=None):
        regex = re.compile(pattern, re.M)
        deadline = time.monotonic() + (self.timeout if timeout is None else timeout)
        while time.monotonic() < deadline:
            m = regex.search(self.data, start)
            if m:
                return m
            self.pump()
        return None

    def send(self, line):
        self.sock.sendall(line.encode() + b"\n")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--machine", required=True)
    parser.add_argument("--image", required=True)
    parser.add_argument("--icount-shift", type=int)
    parser.add_argument("--ports", type=int, default=16)
    parser.add_argument("--count", type=int, default=200)
    parser.add_argument("--deaf-seconds", type=float, default=12.0)
    parser.add_argument("--timeout", type=float, default=240.0, help="seconds for each wait")
    args = parser.parse_args()
    rounds = args.ports  # omega, Latin square: N rounds an exchange
    failures = []
    with tempfile.TemporaryDirectory(prefix="a2a-slow-host-") as folder:
        path = os.path.join(folder, "uart.sock")
        command = ["qemu-system-arm", "-M", args.machine, "-display", "none", "-monitor", "none",
                   "-serial", f"unix:{path},server=on,wait=off", "-kernel", args.image]
        if args.icount_shift is not None:
            command += ["-icount", f"shift={args.icount_shift}"]
        qemu = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                stderr=subprocess.PIPE)
        try:
            deadline = time.monotonic() + 20
            while not os.path.exists(path):
                if time.monotonic() > deadline or qemu.poll() is not None:
                    raise SystemExit("slow_host: QEMU did not open its console socket")
                time.sleep(0.05)
            console = Console(path, args.timeout)
            # The banner may have gone out before the client connected (QEMU drops what a
            # socket nobody holds is sent): a command shows the device is up.
            # (an STM32 USART drops what arrives before it is enabled: asked again then).
            for _ in range(10):
                console.send("config")
                if console.wait_for(rb"^config: [^\n]*\nok\n", timeout=5):
                    break
            else:
                raise SystemExit("slow_host: the device did not answer config")
            console.send(f"set topology=omega ports={args.ports} trace=on")
            if not console.wait_for(rb"^ok\n", len(console.data) - 1 if console.data else 0):
                raise SystemExit("slow_host: set was not answered")
            run_from = len(console.data)
            console.send(f"run {args.count}")
            if not console.wait_for(rb"^round 3: ", run_from):
                raise SystemExit("slow_host: the run's trace did not start")
            time.sleep(args.deaf_seconds)  # reads nothing: QEMU's socket and the UART back up
            end = console.wait_for(rb"^(ok|error: [^\n]*)\n", run_from)
            if not end:
                failures.append("the run's reply did not end")
            status_from = len(console.data)
            console.send("status")
            status = console.wait_for(rb"^status: [^\n]*\n(?:[^\n]*\n)*?ok\n", status_from)
            text = console.data.decode("latin-1")
        finally:
            if qemu.poll() is None:
                qemu.kill()
            qemu.wait()
    run_text = text[run_from:]
    lines = run_text.split("\n")[:-1]
    bad = [line for line in lines if not LINE.fullmatch(line)]
    if bad:
        failures.append(f"{len(bad)} lines not whole or not of the console's grammar, the first: {bad[:3]!r}")
    if "a2a controller " in run_text or "reset cause: watchdog" in text:
        failures.append("the device reset")
    traces = [line for line in lines if line.startswith("round ")]
    short = [line for line in traces if line.count("->") != args.ports]
    if short:
        failures.append(f"{len(short)} trace lines without their {args.ports} sends, the first: {short[0]!r}")
    pairs = args.ports * args.ports
    clean = re.findall(rf"^summary: rounds {rounds}/{rounds}, .*pairs delivered {pairs}/{pairs}, missing 0, "
                       r"duplicates 0, ", run_text, re.M)
    if len(clean) != args.count:
        failures.append(f"{len(clean)} clean summaries, not {args.count}")
    if not end or end.group(1) != b"ok":
        failures.append("the run did not end with ok")
    dropped = None
    if not status:
        failures.append("status was not answered")
    else:
        line = status.group(0).decode("latin-1")
        m = re.search(r" trace_dropped=(\d+)", line)
        dropped = int(m.group(1)) if m else None
        if dropped is None:
            failures.append("status has no trace_dropped")
        elif len(traces) + dropped != args.count * rounds:
            failures.append(f"{len(traces)} trace lines received + trace_dropped={dropped} != {args.count * rounds}")
        if " reset=power-on" not in line:
            failures.append("status does not say reset=power-on")
        m = re.search(r" console_lost=(\d+)", line)
        if m and m.group(1) != "0":
            failures.append(f"the console lost bytes: console_lost={m.group(1)}")
    print(f"slow_host: {len(traces)} trace lines received, trace_dropped={dropped}, {len(clean)} clean summaries")
    if failures:
        print("\n".join(["slow_host: FAILED"] + failures))
        print("--- the transcript's last 40 lines\n" + "\n".join(text.split("\n")[-40:]))
        return 1
    print("slow_host: every check held")
    return 0


if __name__ == "__main__":
    sys.exit(main())
