#!/usr/bin/env python3
"""End-to-end: the host tool `a2a device` drives the unchanged controller image in
QEMU over a Unix socket, as a lab engineer or a job scheduler would.

    device_e2e.py --tool A2A --machine M --image ELF --config-address ADDR SCENARIO

QEMU runs with its first UART on a Unix socket in a fresh temporary folder
(-serial unix:PATH,server=on,wait=off: nothing listens on the network). Every
scenario is bounded in time. Exit 0: every check held; 1: one failed (the
transcripts are printed); 77: skipped, the host tool is not built (CTest reports
it as skipped, never as passed).

Scenarios:
  session      config, set, run, inject + run (re-plan), status, a bad command,
               --json output parsed by Python's json module
  back_to_back two exchanges with different configurations on one boot (--script)
  provision    a2a config encode writes a banyan block, QEMU's loader places it
               at the board's configuration address, the image boots into it
  killed       QEMU is killed in the middle of a reply: a2a device says so, exit 2
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

FAILURES = []


def check(condition, what, transcript=""):
    if not condition:
        FAILURES.append(f"{what}\n{transcript}")


class Qemu:
    def __init__(self, args, folder, extra=()):
        self.sock = os.path.join(folder, "uart.sock")
        command = ["qemu-system-arm", "-M", args.machine, "-display", "none", "-monitor", "none",
                   "-serial", f"unix:{self.sock},server=on,wait=off", "-kernel", args.image, *extra]
        if args.icount_shift is not None:  # the board's clock: the watchdog as on the board, whatever the load
            command += ["-icount", f"shift={args.icount_shift}"]
        self.proc = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                     stderr=subprocess.PIPE)
        deadline = time.monotonic() + 20
        while not os.path.exists(self.sock):
            if time.monotonic() > deadline or self.proc.poll() is not None:
                raise SystemExit(f"device_e2e: QEMU did not open {self.sock}: "
                                 f"{self.proc.stderr.read().decode(errors='replace') if self.proc.poll() is not None else 'timeout'}")
            time.sleep(0.05)

    def close(self):
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait()


def tool(args, sock, *words, timeout=60):
    """Runs a2a device against the socket; returns (exit status, stdout, stderr)."""
    command = [args.tool, "device", "--connect", f"unix:{sock}", "--timeout", "20", *words]
    r = subprocess.run(command, capture_output=True, text=True, timeout=timeout)
    return r.returncode, r.stdout, r.stderr


def transcript(r):
    return f"exit {r[0]}\n--- stdout\n{r[1]}\n--- stderr\n{r[2]}"


def scenario_session(args, folder):
    q = Qemu(args, folder)
    try:
        r = tool(args, q.sock, "config")
        check(r[0] == 0 and "config: topology=omega ports=16" in r[1], "config: the built-in default", transcript(r))
        r = tool(args, q.sock, "set", "topology=omega", "ports=32", "trace=off")
        check(r[0] == 0 and r[1].rstrip().endswith("ok"), "set ports=32", transcript(r))
        r = tool(args, q.sock, "run")
        check(r[0] == 0 and "pairs delivered 1024/1024, missing 0, duplicates 0" in r[1], "run", transcript(r))
        r = tool(args, q.sock, "inject", "2:5", "7")
        check(r[0] == 0, "inject 2:5 7", transcript(r))
        r = tool(args, q.sock, "--json", "run")
        objects = [json.loads(line) for line in r[1].splitlines() if line.strip()]
        check(r[0] == 0 and len(objects) >= 1, "--json run: one object per reply", transcript(r))
        if objects:
            reply = objects[-1]
            text = json.dumps(reply)
            check(reply.get("ok") is True, "--json run: ok", text)
            check("re-planned around it" in " ".join(reply.get("lines", [])), "--json run: re-planned", text)
            summaries = reply.get("summaries") or []
            check(len(summaries) == 1 and summaries[0].get("missing") == 0 and summaries[0].get("duplicates") == 0
                  and summaries[0].get("replans") == 1, "--json run: summary fields", text)
        r = tool(args, q.sock, "--json", "status")
        status = json.loads(r[1].splitlines()[-1]) if r[1].strip() else {}
        check(r[0] == 0 and status.get("status", {}).get("exchanges") == 2, "--json status: exchanges=2",
              transcript(r))
        r = tool(args, q.sock, "frobnicate")
        check(r[0] == 1 and "error: unknown command 'frobnicate'" in r[1], "a bad command: exit 1", transcript(r))
        r = tool(args, q.sock, "set", "ports=12")
        check(r[0] == 1 and "error: configuration refused" in r[1], "a refused set: exit 1", transcript(r))
    finally:
        q.close()


def scenario_back_to_back(args, folder):
    q = Qemu(args, folder)
    script = os.path.join(folder, "two.txt")
    with open(script, "w") as f:
        f.write("# two exchanges, two networks, one boot\nset topology=gsen ports=10 trace=off\nrun\n"
                "set topology=banyan ports=32\nrun\nstatus\n")
    try:
        r = tool(args, q.sock, "--script", script)
        out = r[1]
        check(r[0] == 0, "--script: every reply ok", transcript(r))
        check("gsen, N = 10" in out and "pairs delivered 100/100, missing 0, duplicates 0" in out,
              "first exchange: GSEN 10", transcript(r))
        check("banyan, N = 32" in out and "pairs delivered 1024/1024, missing 0, duplicates 0" in out,
              "second exchange: banyan 32", transcript(r))
        check("exchanges=2 failed=0" in out, "status after both", transcript(r))
    finally:
        q.close()


def scenario_provision(args, folder):
    block = os.path.join(folder, "b.bin")
    r = subprocess.run([args.tool, "config", "encode", "--topology", "banyan", "--ports", "16", "--format", "bin",
                        "--out", block], capture_output=True, text=True, timeout=60)
    check(r.returncode == 0 and os.path.getsize(block) == 64, "config encode", transcript((r.returncode, r.stdout,
                                                                                           r.stderr)))
    if FAILURES:
        return
    q = Qemu(args, folder, ["-device", f"loader,file={block},addr={args.config_address}"])
    try:
        r = tool(args, q.sock, "config")
        check(r[0] == 0 and "config: topology=banyan ports=16" in r[1] and "source=block" in r[1],
              "the image boots into the provisioned block", transcript(r))
        r = tool(args, q.sock, "run")
        check(r[0] == 0 and "pairs delivered 256/256, missing 0, duplicates 0" in r[1], "run", transcript(r))
    finally:
        q.close()


def scenario_killed(args, folder):
    q = Qemu(args, folder)
    try:
        # A long reply on every board (the micro:bit's image holds 32 ports): 200 exchanges
        # of the default 16-port network, a line per round.
        r = tool(args, q.sock, "set", "trace=on")
        check(r[0] == 0, "set trace=on", transcript(r))
        command = [args.tool, "device", "--connect", f"unix:{q.sock}", "--timeout", "20", "run", "200"]
        client = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        # Kill QEMU once the reply is streaming (the first round lines are out).
        first = client.stdout.readline()
        q.close()
        out, err = client.communicate(timeout=60)
        check(first.startswith("exchange") or first.startswith("round"), "the reply had begun", first)
        check(client.returncode == 2, "a2a device exits 2 when the device goes away mid-reply",
              f"exit {client.returncode}\n{first}{out[-2000:]}\n--- stderr\n{err}")
        check("error" in err, "and says why on stderr", err)
    finally:
        q.close()


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--tool", required=True)
    p.add_argument("--machine", required=True)
    p.add_argument("--image", required=True)
    p.add_argument("--config-address", required=True)
    p.add_argument("--icount-shift", type=int, help="run QEMU with -icount shift=S (the board's clock)")
    p.add_argument("scenario", choices=["session", "back_to_back", "provision", "killed"])
    args = p.parse_args()
    if not os.path.isfile(args.tool):
        print(f"device_e2e: SKIPPED: the host tool {args.tool} is not built (run the host preset first)")
        return 77
    with tempfile.TemporaryDirectory(prefix="a2a-e2e-") as folder:
        globals()["scenario_" + args.scenario](args, folder)
    if FAILURES:
        print("device_e2e: FAILED\n" + "\n\n".join(FAILURES))
        return 1
    print(f"device_e2e: {args.scenario}: every check held")
    return 0


if __name__ == "__main__":
    sys.exit(main())
