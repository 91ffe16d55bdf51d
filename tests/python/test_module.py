"""The Python module against what it must agree with: the exchange itself (every
ordered pair once, judged here and by tests/tool/check_dump.py, which shares no code
with the module), and the tool `a2a` (its dumps, verdicts and error messages).
Run by run_pytest.py, which puts the module on sys.path and sets A2A_TOOL and
A2A_SOURCE_DIR."""
import json
import os
import subprocess
import sys

import numpy as np
import pytest

import a2a

TOOL = os.environ["A2A_TOOL"]
SOURCE = os.environ["A2A_SOURCE_DIR"]
sys.path.insert(0, os.path.join(SOURCE, "tests", "tool"))
import check_dump  # noqa: E402  (the independent checker of dumps)


def tool(*args):
    return subprocess.run([TOOL, *args], capture_output=True, text=True)


# (schedule() arguments, the same as the tool's options, rounds the exchange takes)
CASES = [
    (dict(topology="omega", ports=8), ["--topology", "omega", "--ports", "8"], 8),
    (dict(topology="gsen", ports=10), ["--topology", "gsen", "--ports", "10"], 10),
    (dict(topology="gsen", ports=12), ["--topology", "gsen", "--ports", "12"], 16),
    (dict(topology="baseline", ports=9, radix=3), ["--topology", "baseline", "--ports", "9", "--radix", "3"], 9),
    (dict(topology="reverse-banyan", ports=16, order="gray"),
     ["--topology", "reverse-banyan", "--ports", "16", "--order", "gray"], 16),
    (dict(topology="shift", ports=8), ["--topology", "shift", "--ports", "8"], None),
    (dict(topology="omega", ports=16, faults=[(1, 3)]), ["--topology", "omega", "--ports", "16", "--fault", "1:3"],
     None),
]
IDS = ["omega8", "gsen10", "gsen12", "baseline9d3", "rbanyan16gray", "shift8", "omega16fault"]


def test_acceptance_command():
    """The issue's command, as docs/python.md shows it, from the build tree."""
    env = dict(os.environ, PYTHONPATH=os.environ["A2A_PYTHON_MODULE_DIR"])
    out = subprocess.run([sys.executable, "-c", "import a2a; s = a2a.schedule('gsen', 10); print(s.sends().shape)"],
                         env=env, capture_output=True, text=True, check=True).stdout
    assert out == "(10, 10)\n"


def test_interpreter_without_numpy():
    """python3 -S sees no site-packages, so no NumPy: the module takes the one it was built against."""
    env = dict(os.environ, PYTHONPATH=os.environ["A2A_PYTHON_MODULE_DIR"])
    script = ("import importlib.util; hidden = importlib.util.find_spec('numpy') is None; import a2a; "
              "print(hidden, a2a.schedule('gsen', 10).sends().shape)")
    out = subprocess.run([sys.executable, "-S", "-c", script], env=env, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    if out.stdout.startswith("False"):
        pytest.skip("this interpreter finds NumPy without its site-packages")
    assert out.stdout == "True (10, 10)\n"


def test_lists():
    assert "gsen" in a2a.topologies() and "omega" in a2a.topologies()
    assert "latin-square" in a2a.schedule_names() and "alternating" in a2a.schedule_names()


def test_network():
    net = a2a.network("baseline", 27, radix=3)
    assert (net.topology, net.ports, net.radix, net.stages, net.switches_per_stage) == ("baseline", 27, 3, 3, 9)
    assert repr(net) == "a2a.network('baseline', 27, radix=3)"
    assert a2a.network("gsen", 10).stages == 4  # ceil(log2 10)


@pytest.mark.parametrize("kwargs,options,rounds", CASES, ids=IDS)
def test_sends_every_pair_once(kwargs, options, rounds):
    s = a2a.schedule(**kwargs)
    n = s.network.ports
    sends = s.sends()
    assert sends.shape == (s.rounds, n) and len(s) == s.rounds
    if rounds is not None:
        assert s.rounds == rounds
    assert sends.dtype.names == ("dst", "tag", "orig", "final")
    idle = sends["dst"] == -1
    assert np.all((sends["tag"] == -1) == idle) and np.all((sends["orig"] == -1) == idle)
    pairs = np.zeros((n, n), dtype=int)
    for r in range(s.rounds):
        busy = sends["dst"][r][~idle[r]]
        assert len(set(busy.tolist())) == len(busy), "round %d is no permutation" % r
        for port in np.flatnonzero(~idle[r]):
            rec = sends[r, port]
            if rec["dst"] == rec["final"]:  # a message's last hop (a relay's first hop goes elsewhere)
                pairs[rec["orig"], rec["final"]] += 1
    assert np.all(pairs == 1)
    if not s.faults:  # no relays: the idle ports are what N^2 pairs leave over
        assert idle.sum() == s.rounds * n - n * n
        assert np.all(sends["orig"][~idle] == np.nonzero(~idle)[1])


@pytest.mark.parametrize("kwargs,options,rounds", CASES, ids=IDS)
def test_rounds_judged_by_independent_checker(kwargs, options, rounds):
    """round(r)'s states and sends, written as a dump by hand, pass check_dump.py."""
    s = a2a.schedule(**kwargs)
    net = s.network
    dump = {"topology": net.topology, "ports": net.ports, "radix": net.radix, "stages": net.stages,
            "schedule": s.name, "faults": [list(f) for f in s.faults], "optical": s.optical, "rounds": []}
    for r in range(s.rounds):
        rnd = s.round(r)
        assert rnd.index == r and rnd.states.shape == (net.stages, net.switches_per_stage)
        hops = rnd.sends
        assert hops.dtype.names == ("src", "dst", "tag", "orig", "final")
        dump["rounds"].append({"stages": rnd.states.tolist(),
                               "sends": [dict(zip(hops.dtype.names, map(int, h))) for h in hops]})
    assert check_dump.check(dump) == []
    # ... and a wrong destination is caught by it (the dump built here can fail)
    first = dump["rounds"][0]["sends"][0]
    first["dst"] = (first["dst"] + 1) % net.ports
    assert check_dump.check(dump) != []


@pytest.mark.parametrize("kwargs,options,rounds", CASES, ids=IDS)
def test_json_is_the_tools_dump(kwargs, options, rounds, tmp_path):
    s = a2a.schedule(**kwargs)
    dumped = tool("dump", *options)
    assert dumped.returncode == 0, dumped.stderr
    assert s.to_json() == dumped.stdout
    assert s.to_csv() == tool("dump", *options, "--format", "csv").stdout
    back = a2a.from_json(s.to_json())
    assert back.to_json() == s.to_json()
    assert np.array_equal(back.sends(), s.sends())
    path = tmp_path / "dump.json"
    path.write_text(dumped.stdout)
    loaded = a2a.load(str(path))
    assert loaded.to_json() == dumped.stdout and str(path) in loaded.origin


def test_round_configuration():
    """Latin-square omega 8, natural order: round r is stage word r, every switch of a stage alike."""
    s = a2a.schedule("omega", 8)
    for r in range(8):
        rnd = s.round(r)
        assert rnd.word == r
        assert rnd.configuration == "stage word " + format(r, "03b")
        bits = [(r >> (2 - st)) & 1 for st in range(3)]
        assert rnd.states.tolist() == [[b] * 4 for b in bits]
    gsen = a2a.schedule("gsen", 10).round(2)
    assert gsen.configuration.startswith("alternating configuration A = ")
    assert gsen.word == int(gsen.configuration.split("= ")[1], 2)
    with pytest.raises(IndexError, match=r"round 8 out of range \(the schedule has 8 rounds, 0..7\)"):
        s.round(8)
    with pytest.raises(IndexError):
        s.round(-1)


@pytest.mark.parametrize("kwargs,options,rounds", CASES, ids=IDS)
def test_check_exchange_matches_verify(kwargs, options, rounds):
    s = a2a.schedule(**kwargs)
    n = s.network.ports
    tally = a2a.check_exchange(s)
    assert tally["clean"] and tally["violations"] == 0 and tally["reports"] == []
    assert tally["delivered"] == tally["expected"] == n * n and tally["missing"] == 0
    assert tally["rounds"] == s.rounds and tally["delay"] == s.rounds + s.network.stages - 1
    verified = tool("verify", *options)
    assert verified.returncode == 0
    assert verified.stdout.rstrip().endswith("clean: " + tally["summary"])
    assert a2a.check_exchange(s, backend="route", threads=2)["summary"] == tally["summary"]


def test_check_exchange_finds_a_wrong_dump(tmp_path):
    s = a2a.schedule("omega", 16)
    dump = json.loads(s.to_json())
    dump["rounds"][3]["sends"][5]["dst"] ^= 1  # claims a destination its route does not reach
    dump["rounds"][7]["sends"].pop(0)          # and a message never sent
    text = json.dumps(dump)
    tally = a2a.check_exchange(a2a.from_json(text), max_reports=1)
    assert not tally["clean"]
    assert tally["wrong_destinations"] == 1 and tally["missing"] >= 1
    assert len(tally["reports"]) == 1 and tally["unreported"] == tally["violations"] - 1
    path = tmp_path / "bad.json"
    path.write_text(text)
    verified = tool("verify", "--input", str(path), "--max-reports", "1")
    assert verified.returncode == 1
    assert verified.stdout.startswith("violation: " + tally["reports"][0] + "\n")
    assert verified.stdout.rstrip().endswith("FAILED: " + tally["summary"])


def test_a_port_sending_twice():
    """A dump may say so (verify judges it); sends() has one cell per port and refuses it."""
    dump = json.loads(a2a.schedule("omega", 8).to_json())
    dump["rounds"][0]["sends"].append(dict(dump["rounds"][0]["sends"][3]))
    s = a2a.from_json(json.dumps(dump))
    with pytest.raises(a2a.Error, match=r"^round 0: port 3 sends twice; sends\(\) holds one send per port"):
        s.sends()
    assert len(s.round(0).sends) == 9
    assert a2a.check_exchange(s)["double_sends"] == 1
    dump["rounds"] = []
    with pytest.raises(IndexError, match=r"^round 0 out of range \(the schedule has no rounds\)$"):
        a2a.from_json(json.dumps(dump)).round(0)


# Bad input: the module raises a2a.Error (a ValueError) with the tool's message.
ERRORS = [
    (lambda: a2a.schedule("omega", 12), ["dump", "--topology", "omega", "--ports", "12"]),
    (lambda: a2a.schedule("omegaa", 8), ["dump", "--topology", "omegaa", "--ports", "8"]),
    (lambda: a2a.schedule("omega", -4), ["dump", "--topology", "omega", "--ports", "-4"]),
    (lambda: a2a.schedule("gsen", 10, schedule="latin-square"),
     ["dump", "--topology", "gsen", "--ports", "10", "--schedule", "latin-square"]),
    (lambda: a2a.schedule("omega", 8, schedule="nonsense"),
     ["dump", "--topology", "omega", "--ports", "8", "--schedule", "nonsense"]),
    (lambda: a2a.schedule("omega", 8, order="sideways"),
     ["dump", "--topology", "omega", "--ports", "8", "--order", "sideways"]),
    (lambda: a2a.schedule("omega", 16, faults=["7:0"]), ["dump", "--topology", "omega", "--ports", "16", "--fault", "7:0"]),
    (lambda: a2a.schedule("omega", 16, faults=[(1, 99)]),
     ["dump", "--topology", "omega", "--ports", "16", "--fault", "1:99"]),
    (lambda: a2a.schedule("omega", 8, faults=[(1, 1)]), ["dump", "--topology", "omega", "--ports", "8", "--fault", "1:1"]),
    (lambda: a2a.schedule("omega", 16, degraded=True),
     ["dump", "--topology", "omega", "--ports", "16", "--degraded"]),
    (lambda: a2a.network("shift", 8, radix=3), ["plan", "--topology", "shift", "--ports", "8", "--radix", "3"]),
]


@pytest.mark.parametrize("call,argv", ERRORS, ids=[" ".join(a[1:]) for _, a in ERRORS])
def test_errors_are_the_tools(call, argv):
    ran = tool(*argv)
    assert ran.returncode == 2
    prefix = "a2a %s: error: " % argv[0]
    lines = [l for l in ran.stderr.splitlines() if l.startswith(prefix)]
    assert len(lines) == 1, ran.stderr
    with pytest.raises(a2a.Error) as raised:
        call()
    assert isinstance(raised.value, ValueError)
    assert str(raised.value) == lines[0][len(prefix):]


def test_bad_dumps_are_the_tools(tmp_path):
    good = json.loads(a2a.schedule("omega", 8).to_json())
    for change in (lambda d: d.update(ports=7), lambda d: d["rounds"][0].update(stages=[[0]]),
                   lambda d: d["rounds"][1]["sends"][0].update(dst=99)):
        bad = json.loads(json.dumps(good))
        change(bad)
        path = tmp_path / "bad.json"
        path.write_text(json.dumps(bad))
        ran = tool("verify", "--input", str(path))
        assert ran.returncode == 2 and ran.stderr.startswith("a2a verify: error: ")
        with pytest.raises(a2a.Error) as raised:
            a2a.load(str(path))
        assert str(raised.value) == ran.stderr.strip()[len("a2a verify: error: "):]
    with pytest.raises(a2a.Error, match="^mine: not valid JSON"):
        a2a.from_json("{", source="mine")
    with pytest.raises(a2a.Error, match="cannot read dump file"):
        a2a.load(str(tmp_path / "absent.json"))


def test_other_argument_errors():
    with pytest.raises(TypeError, match="a fault must be a pair of numbers or 'STAGE:SWITCH' text, got 1"):
        a2a.schedule("omega", 16, faults=[1])
    with pytest.raises(a2a.Error, match=r"unknown backend 'qemu' \(known: route, fabric\)"):
        a2a.check_exchange(a2a.schedule("omega", 8), backend="qemu")
    with pytest.raises(a2a.Error, match="threads needs at least 1 thread, got 0"):
        a2a.check_exchange(a2a.schedule("omega", 8), threads=0)


def test_degraded_left_out_and_fault_links():
    s = a2a.schedule("omega", 16, fault_links=["1:6"])
    assert s.fault_links == [(1, 6)] and s.name == "fault-tolerant"
    assert a2a.check_exchange(s)["clean"]
    assert s.to_json() == tool("dump", "--topology", "omega", "--ports", "16", "--fault-link", "1:6").stdout
    # Switch 2 of stage 0 reads terminals 4 and 5, which the shuffle in front of it fills
    # from processors 2 (0010 -> 0100) and 10 (1010 -> 0101): both can send nothing.
    cut = a2a.schedule("omega", 16, faults=[(0, 2)], degraded=True)
    left = cut.left_out
    assert sorted(left) == [(p, q, "cut-off-sender") for p in (2, 10) for q in range(16)]
    tally = a2a.check_exchange(cut)
    assert tally["clean"] and tally["left_out"] == len(left) and tally["expected"] == 256 - len(left)
