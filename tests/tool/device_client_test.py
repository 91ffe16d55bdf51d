#!/usr/bin/env python3
"""Tests `a2a device` against fake_device.py on Unix sockets, loopback TCP and a pty.

    device_client_test.py A2A WORKDIR

Each case serves one fake device from a thread, runs the tool (bounded by a
subprocess timeout) and checks its exit status (0 ok, 1 error reply, 2 connection,
timeout, reset, garbage, usage), stdout and the message on stderr.
"""
import json
import os
import sys
import tempfile
import threading
import time
import subprocess

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import fake_device  # noqa: E402

A2A = sys.argv[1]
failures = []


def tool(*args, limit=20):
    started = time.monotonic()
    proc = subprocess.run([A2A, "device", *args], capture_output=True, text=True, timeout=limit)
    return proc.returncode, proc.stdout, proc.stderr, time.monotonic() - started


def check(name, condition, detail):
    if not condition:
        failures.append("%s: %s" % (name, detail))


def case(name, args, status, stdout=None, stderr=None, boot=False, stale=b"", tcp=False, within=None):
    """Serves one fake device, runs the tool; returns its stdout for further checks."""
    with tempfile.TemporaryDirectory(dir=WORK) as tmp:
        address = ("127.0.0.1", 0) if tcp else os.path.join(tmp, "dev.sock")
        server = fake_device.listen(address)
        target = "tcp:127.0.0.1:%d" % server.getsockname()[1] if tcp else "unix:" + address
        thread = threading.Thread(target=fake_device.serve_socket, args=(server, boot, stale), daemon=True)
        thread.start()
        code, out, err, seconds = tool("--connect", target, *args)
    report = "exit %d, stdout %r, stderr %r" % (code, out[-400:], err)
    check(name, code == status, "expected exit %d; %s" % (status, report))
    if stdout is not None:
        check(name, out == stdout, "expected stdout %r; %s" % (stdout, report))
    if stderr is not None:
        check(name, stderr in err, "expected %r on stderr; %s" % (stderr, report))
    if within is not None:
        check(name, seconds < within, "took %.1f s, expected under %.1f s" % (seconds, within))
    return out


def json_lines(name, out):
    objects = []
    for line in out.splitlines():
        try:
            objects.append(json.loads(line))
        except ValueError as e:
            failures.append("%s: not JSON (%s): %r" % (name, e, line))
    return objects


WORK = sys.argv[2]
os.makedirs(WORK, exist_ok=True)
run_lines = ["exchange 1/1: omega, N = 16, d = 2, 4 stages; schedule latin-square, natural order, 16 rounds",
             "round 0: word 0, delivered 16", "round 1: word 1, delivered 16", "round 2: word 2, delivered 16",
             fake_device.SUMMARY, "verified by the fabric's counters: every pair delivered exactly once", "ok"]
run_text = "".join(line + "\n" for line in run_lines)

# --- replies ---------------------------------------------------------------
case("run_after_boot", ["run"], 0, stdout=run_text, boot=True)  # the banner is drained, not printed
case("run_tcp", ["run"], 0, stdout=run_text, tcp=True)
case("error_reply", ["bad"], 1, stdout="error: unknown command 'bad' (try help)\n")
case("crlf", ["crlf"], 0, stdout="line one\nline two\nok\n")
case("stale_output", ["run"], 0, stdout=run_text, stale=b"old reply\nok\n\x00\xffpartial line")
case("slow_stream", ["--timeout", "0.5", "slow"], 0, stdout="step 0\nstep 1\nstep 2\nstep 3\nstep 4\nok\n")
big = case("long_reply", ["run", "20000"], 0)
check("long_reply", len(big.splitlines()) == 20004 and big.endswith("\nok\n"), "%d lines" % len(big.splitlines()))

# --- connection problems: exit 2 -------------------------------------------
case("silent", ["--timeout", "0.5", "silent"], 2, stdout="",
     stderr="a2a device: error: no reply within 0.5 s (the device stopped answering)", within=5)
case("garbage", ["garbage"], 2, stderr="a2a device: error: garbage from the device: byte 0x00 is not printable ASCII")
case("overlong", ["long"], 2, stderr="a2a device: error: garbage from the device: a line longer than 4096 bytes")
case("reset", ["reset"], 2, stdout="exchange 1/1: omega\nround 0: word 0\n",
     stderr="a2a device: error: the device reset during the reply (banner seen)")
case("closed", ["close"], 2, stderr="a2a device: error: the connection closed")

# --- save, then reboot: the banner of the next boot ends the reply, not an error --------
script = os.path.join(WORK, "store.script")
with open(script, "w") as f:
    f.write("save\nreboot\nstatus\n")
banner_text = "".join(line + "\n" for line in fake_device.BANNER)
case("save_reboot", ["--script", script], 0,
     stdout="saved: copy 0, sequence 1, read back and checked: the next boot runs this configuration\nok\n"
            "rebooting: the next boot runs the saved configuration\nok\n" + banner_text + fake_device.STATUS + "\nok\n")

# --- --json ----------------------------------------------------------------
out = case("json_run", ["--json", "run"], 0, boot=True)
objects = json_lines("json_run", out)
check("json_run", len(objects) == 2 and objects[0].get("banner", [""])[-1] == "ready",
      "banner object: %r" % objects[:1])
if len(objects) == 2:
    reply = objects[1]
    summary = (reply.get("summaries") or [{}])[0]
    check("json_run", reply["command"] == "run" and reply["ok"] is True and reply["error"] is None, repr(reply))
    check("json_run", reply["lines"] == run_lines[:-1], repr(reply["lines"]))
    expected = {"rounds": 16, "rounds_planned": 16, "register_writes": 318, "pairs_delivered": 256,
                "pairs_expected": 256, "missing": 0, "relay_errors": 0, "faulted_rounds": 0, "replans": 0}
    check("json_run", all(summary.get(k) == v for k, v in expected.items()), "summary %r" % summary)
out = case("json_status", ["--json", "status"], 0)
status = (json_lines("json_status", out) or [{}])[0].get("status", {})
check("json_status", status.get("board") == "fake-board" and status.get("exchanges") == 1
      and status.get("rounds") == {"done": 16, "of": 16} and status.get("last") == "ok", "status %r" % status)
out = case("json_config", ["--json", "config"], 0)
config = (json_lines("json_config", out) or [{}])[0].get("config", {})
check("json_config", config.get("ports") == 16 and config.get("topology") == "omega", "config %r" % config)
out = case("json_error", ["--json", "bad"], 1)
objects = json_lines("json_error", out)
check("json_error", objects == [{"command": "bad", "ok": False, "error": "unknown command 'bad' (try help)",
                                 "lines": []}], repr(objects))

# --- --script ----------------------------------------------------------------
script = os.path.join(WORK, "script.txt")
with open(script, "w") as f:
    f.write("# a comment\n\nstatus\n  \nbad\nrun\n")
case("script_stops", ["--script", script], 1,
     stdout=fake_device.STATUS + "\nok\nerror: unknown command 'bad' (try help)\n",
     stderr="a2a device: stopped at 'bad' (script %s): the device answered error: unknown command 'bad' (try help); "
     "1 command(s) not sent" % script)
with open(script, "w") as f:
    f.write("status\r\nrun\r\n")
case("script_ok", ["--script", script], 0, stdout=fake_device.STATUS + "\nok\n" + run_text)

# --- a pseudo-terminal: the fake device on the master, the tool on the slave ---
master, slave = os.openpty()


def pty_close():
    pass  # the test closes the master after the tool is done


thread = threading.Thread(target=fake_device.serve,
                          args=(lambda n: os.read(master, n), lambda b: os.write(master, b), pty_close),
                          kwargs={"boot": True}, daemon=True)
thread.start()
code, out, err, _ = tool("--connect", os.ttyname(slave), "--baud", "9600", "run")
check("pty", code == 0 and out == run_text, "exit %d, stdout %r, stderr %r" % (code, out, err))
os.close(slave)
os.close(master)

# --- usage and connection errors: exit 2 -------------------------------------
for name, args, message in [
        ("no_connect", ["run"], "a2a device: error: missing --connect TARGET"),
        ("bad_target", ["--connect", "foo:bar", "run"], "a2a device: error: bad TARGET 'foo:bar'"),
        ("no_command", ["--connect", "unix:/nonexistent.sock"], "no command to send"),
        ("missing_script", ["--connect", "unix:/x.sock", "--script", os.path.join(WORK, "none.txt")],
         "cannot read script file"),
        ("both", ["--connect", "unix:/x.sock", "--script", script, "run"], "give either COMMAND or --script FILE"),
        ("bad_timeout", ["--connect", "unix:/x.sock", "--timeout", "0", "run"], "--timeout needs seconds"),
        ("bad_baud", ["--connect", "/dev/null", "--baud", "12345", "run"], "--baud 12345 is not a rate"),
        ("no_socket", ["--connect", "unix:" + os.path.join(WORK, "none.sock"), "run"], "cannot connect to unix:"),
        ("not_a_tty", ["--connect", script, "run"], "is not a serial device or terminal"),
        ("no_device", ["--connect", "/dev/nonexistent-tty", "run"], "cannot open '/dev/nonexistent-tty'")]:
    code, out, err, _ = tool(*args)
    check(name, code == 2 and message in err, "exit %d, stderr %r" % (code, err))
code, out, err, _ = tool("--help")
check("help", code == 0 and out.startswith("usage: a2a device --connect TARGET"), "exit %d %r" % (code, out))

if failures:
    print("\n".join(failures))
    sys.exit(1)
print("a2a device: all cases passed")
