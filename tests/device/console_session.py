#!/usr/bin/env python3
"""Drives a controller image over its console UART in QEMU, as a host would.

    console_session.py --machine mps2-an385 --image a2a_controller.elf [SCRIPT] [--step STEP ...]
    console_session.py --device-command 'PROGRAM ARGS' [SCRIPT] [--step STEP ...]

QEMU runs the image with its first UART on this script's pipes (-serial stdio)
and no semihosting. --device-command runs PROGRAM instead of QEMU, its
stdin/stdout the console: the docs test (tests/docs) gives the host stand-in
for the controller (a2a_docs_device, the firmware's device over the emulated
fabric on the host). SCRIPT is a text file, one step per line:

    # comment
    boot                 wait for a banner (a line 'ready'); the next one after a reset
    > LINE               send LINE + LF and read the reply up to its last line:
                         exactly 'ok' or starting 'error: '
    >> TEXT              send TEXT (Python escapes: \\x00, \\r) with no LF, read nothing
    <                    read a reply without sending anything (e.g. after >>)
    ok | error           the last reply ended with ok / with an error line
    within SECONDS       the last reply (> LINE) ended at most SECONDS after LINE was sent
    wait REGEX           read (without sending) until the output matches REGEX: e.g. a
                         command still running has printed a line (its reply is read later)
    + REGEX              the last reply (or banner) matches REGEX (re.S: '.' spans lines)
    - REGEX              ... does not match REGEX
    silence SECONDS      nothing arrives for SECONDS (a refused line changed nothing)

Every wait is bounded (--timeout per step). Exit status 0 when every step
holds, 1 when one does not (the transcript is printed), 2 for usage errors.
"""
import argparse
import os
import re
import shlex
import subprocess
import sys
import threading
import time


class Console:
    def __init__(self, command, live=False):
        self.live = live
        self.proc = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.STDOUT)
        self.data = b""
        self.seen = 0  # bytes of self.data consumed by earlier steps
        self.lock = threading.Lock()
        threading.Thread(target=self._pump, daemon=True).start()

    def _pump(self):
        while True:
            chunk = os.read(self.proc.stdout.fileno(), 4096)
            if not chunk:
                return
            with self.lock:
                self.data += chunk
            if self.live:
                sys.stdout.write(chunk.decode("latin-1"))
                sys.stdout.flush()

    def send(self, raw):
        self.proc.stdin.write(raw)
        self.proc.stdin.flush()

    def wait_for(self, pattern, timeout):
        """Waits until the unread output matches `pattern` (bytes regex, multiline);
        returns the text up to the end of the match and consumes it, or None."""
        deadline = time.monotonic() + timeout
        regex = re.compile(pattern, re.M)
        while time.monotonic() < deadline:
            with self.lock:
                m = regex.search(self.data, self.seen)
                crash = CRASH.search(self.data, self.seen)
                if crash and (not m or crash.start() < m.start()):
                    # The board reset under the step: no reply will come; fail now, not
                    # after the step's timeout (the report names pc, lr and sp).
                    return None
                if m:
                    text = self.data[self.seen:m.end()]
                    self.seen = m.end()
                    return text.decode("latin-1")
            if self.proc.poll() is not None and not self._pending():
                return None
            time.sleep(0.01)
        return None

    def crashed(self):
        """The unread output reports an unhandled exception (the board reset)."""
        with self.lock:
            return CRASH.search(self.data, self.seen) is not None

    def _pending(self):
        with self.lock:
            return len(self.data) > self.seen

    def unread(self):
        with self.lock:
            return self.data[self.seen:].decode("latin-1")

    def close(self):
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait()


REPLY_END = rb"^(ok|error: [^\r\n]*)\r?\n"
CRASH = re.compile(rb"^a2a: unhandled exception [^\r\n]*\r?\n", re.M)
BANNER_END = rb"^ready\r?\n"


def run(args):
    if args.device_command:
        command = shlex.split(args.device_command)
    else:
        command = ["qemu-system-arm", "-M", args.machine, "-display", "none", "-monitor", "none",
                   "-serial", "stdio", "-kernel", args.image] + args.qemu_arg
    steps = []
    if args.script:
        with open(args.script, encoding="utf-8") as f:
            steps = [line.rstrip("\n") for line in f]
    steps += args.step
    console = Console(command, live=args.live)
    last = ""
    sent_at = replied_at = 0.0
    failures = []
    try:
        for number, step in enumerate(steps, 1):
            if not step.strip() or step.startswith("#"):
                continue
            where = f"{args.script or 'step'}:{number}: {step}"
            if step == "boot":
                text = console.wait_for(BANNER_END, args.timeout)
                if text is None:
                    failures.append(f"{where}: " + ("the board faulted and reset" if console.crashed()
                                                     else f"no banner within {args.timeout} s"))
                    break
                last = text
            elif step.startswith(">> "):
                console.send(step[3:].encode("latin-1").decode("unicode_escape").encode("latin-1"))
            elif step.startswith("> ") or step == "<":
                if step != "<":
                    console.send(step[2:].encode("latin-1") + b"\n")
                    sent_at = time.monotonic()
                text = console.wait_for(REPLY_END, args.timeout)
                replied_at = time.monotonic()
                if text is None:
                    failures.append(f"{where}: " + ("the board faulted and reset (no reply)" if console.crashed()
                                                     else f"no reply ending in ok or error within {args.timeout} s"))
                    break
                last = text
            elif step in ("ok", "error"):
                tail = last.rstrip("\r\n").splitlines()[-1] if last.strip() else ""
                good = tail == "ok" if step == "ok" else tail.startswith("error: ")
                if not good:
                    failures.append(f"{where}: the reply ended with {tail!r}")
            elif step.startswith("within "):
                if replied_at - sent_at > float(step.split()[1]):
                    failures.append(f"{where}: the reply took {replied_at - sent_at:.2f} s")
            elif step.startswith("wait "):
                text = console.wait_for(step[5:].encode("latin-1"), args.timeout)
                if text is None:
                    failures.append(f"{where}: not seen within {args.timeout} s")
                    break
                last = text
            elif step[:2] in ("+ ", "- "):
                found = re.search(step[2:], last, re.S) is not None
                if found != (step[0] == "+"):
                    failures.append(f"{where}: {'not found' if step[0] == '+' else 'found'} in the last reply")
            elif step.startswith("silence "):
                time.sleep(float(step.split()[1]))
                extra = console.unread()
                if extra:
                    failures.append(f"{where}: the device sent {extra!r}")
            else:
                print(f"{where}: unknown step", file=sys.stderr)
                return 2
    finally:
        console.close()
    if not args.live:
        print(console.data.decode("latin-1"))
    if failures:
        print("\n".join(["console_session: FAILED"] + failures))
        return 1
    print("console_session: every step held")
    return 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--machine", help="QEMU machine (-M)")
    parser.add_argument("--image", help="the controller image (.elf)")
    parser.add_argument("--device-command", help="run this program as the device instead of QEMU")
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds per step (default 60)")
    parser.add_argument("--qemu-arg", action="append", default=[], help="one more QEMU argument")
    parser.add_argument("--live", action="store_true", help="print the console as it arrives")
    parser.add_argument("--step", action="append", default=[], help="one more step (after the script's)")
    parser.add_argument("script", nargs="?", help="the session script")
    args = parser.parse_args()
    if not args.device_command and not (args.machine and args.image):
        print("console_session: give --machine and --image, or --device-command", file=sys.stderr)
        return 2
    for path in ([] if args.device_command else [args.image]) + ([args.script] if args.script else []):
        if not os.path.isfile(path):
            print(f"console_session: no such file: {path}", file=sys.stderr)
            return 2
    if not args.script and not args.step:
        print("console_session: give a SCRIPT or --step", file=sys.stderr)
        return 2
    return run(args)


if __name__ == "__main__":
    sys.exit(main())
