#!/usr/bin/env python3
"""Independent checks of `a2a dump --format openoptics|mpi|matchings`
(docs/dump-format.md "Exports"), written from that page alone, python3 standard
library only. Each export is read by itself (never compared with the tool's JSON):

- every round (slice, step) is a partial permutation: no port sends twice and no
  output is reached twice;
- every ordered pair (orig, final), i = j included, arrives exactly once, except the
  pairs in the export's `left_out` lines, which never arrive; a relay hop forwards
  only a message that reached the relay in an earlier round, and only once;
- openoptics: the `guard_slices` note is the rule recomputed from the rows;
- mpi: send and receive agree: a sends to b in step s carrying m exactly when b
  receives from a in step s carrying m.
The matchings name connections, not messages: with relays they are checked to be
partial permutations that connect every deliverable pair directly or through a relay
(i -> k in an earlier round than k -> j).

usage: check_exports.py A2A_BINARY CASE...
  CASE = topology:N[:WORD]...; WORD: a schedule, fault=STAGE.SWITCH, degraded, or relay (the
  plan must relay some message; without it, none may be relayed)
"""
import subprocess
import sys

failures = []


def expect(condition, what):
    print(("ok   " if condition else "FAIL ") + what)
    if not condition:
        failures.append(what)


def export(a2a, fmt, options):
    result = subprocess.run([a2a, "dump", *options, "--format", fmt], capture_output=True, text=True)
    if result.returncode != 0:
        raise SystemExit("a2a dump %s --format %s: exit %d: %s" % (" ".join(options), fmt, result.returncode,
                                                                  result.stderr))
    return result.stdout.splitlines()


def comments(lines, key):
    """The '# KEY ...' lines' words after KEY."""
    return [line.split()[2:] for line in lines if line.startswith("# " + key + " ")]


def data_rows(lines):
    """What numpy.loadtxt would read: '#' starts a comment, blank lines are skipped."""
    return [line.split("#", 1)[0].split() for line in lines if line.split("#", 1)[0].strip()]


def judge_hops(name, n, hops, left_out, relayed):
    """hops: (round, src, dst, orig, final), in round order. The exchange's rules."""
    delivered = {}
    held = {}  # (node, orig, final) -> round it arrived at the relay node
    order_ok, once_ok = True, True
    for (r, src, dst, orig, final) in hops:
        if orig != src:  # a relay hop out: the message must be held there since an earlier round
            arrived = held.pop((src, orig, final), None)
            order_ok = order_ok and arrived is not None and arrived < r
        if dst == final:
            delivered[(orig, final)] = delivered.get((orig, final), 0) + 1
        else:
            once_ok = once_ok and (dst, orig, final) not in held
            held[(dst, orig, final)] = r
    expected = {(i, j) for i in range(n) for j in range(n)} - left_out
    expect(set(delivered) == expected and all(c == 1 for c in delivered.values()),
           "%s: every pair arrives exactly once (%d pairs, %d left out)" % (name, len(expected), len(left_out)))
    expect(order_ok and once_ok and not held, "%s: relay hops forward held messages once, in order" % name)
    expect(relayed == any(orig != src or dst != final for (_, src, dst, orig, final) in hops),
           "%s: relay hops %s" % (name, "present" if relayed else "absent"))


def partial_permutation(row, n):
    sent = [d for d in row if d is not None]
    return all(0 <= d < n for d in sent) and len(set(sent)) == len(sent)


def check_openoptics(name, n, lines, relayed):
    rows = [[int(x) for x in row] for row in data_rows(lines)]
    expect(all(len(row) == n for row in rows), "%s openoptics: every slice lists the %d nodes" % (name, n))
    expect(all(partial_permutation([d if d != -1 else None for d in row], n) for row in rows),
           "%s openoptics: every slice is a partial permutation (-1 idle)" % name)
    guard = comments(lines, "guard_slices")
    noted = [] if guard[0][1] == "none" else [int(t) for t in guard[0][3:]]
    recomputed = [t for t in range(len(rows)) if len(rows) > 1 and rows[t] != rows[(t + 1) % len(rows)]]
    expect(guard[0][0] == "%d:" % len(recomputed) and noted == recomputed,
           "%s openoptics: guard_slices %d, after the slices whose next (cyclic) differs" % (name, len(recomputed)))
    notes = {(int(t), int(i)): (int(o), int(f)) for t, i, o, f in comments(lines, "relay")}
    expect(all(rows[t][i] != -1 for (t, i) in notes), "%s openoptics: relay notes name connections" % name)
    hops = [(t, i, d) + notes.get((t, i), (i, d)) for t, row in enumerate(rows) for i, d in enumerate(row) if d != -1]
    judge_hops(name + " openoptics", n, hops, left_out_pairs(lines), relayed)
    return rows


def check_mpi(name, n, lines, relayed):
    rows = [tuple(int(x) for x in row) for row in data_rows(lines)]
    expect(all(len(row) == 8 for row in rows), "%s mpi: 8 columns a line" % name)
    steps = max(row[0] for row in rows) + 1
    by = {(row[0], row[1]): row[2:] for row in rows}
    expect(len(rows) == steps * n and set(by) == {(s, k) for s in range(steps) for k in range(n)},
           "%s mpi: one line per (step, rank), %d steps" % (name, steps))
    consistent = True
    for (s, a), (to, so, sf, frm, ro, rf) in by.items():
        if to != -1:  # a sends to b: b receives from a, the same message
            consistent = consistent and by[(s, to)][3:] == (a, so, sf)
        else:
            consistent = consistent and (so, sf) == (-1, -1)
        if frm != -1:
            consistent = consistent and by[(s, frm)][:3] == (a, ro, rf)
        else:
            consistent = consistent and (ro, rf) == (-1, -1)
    expect(consistent, "%s mpi: every send is the receive of its peer in the same step, and back" % name)
    expect(all(partial_permutation([by[(s, k)][0] if by[(s, k)][0] != -1 else None for k in range(n)], n)
               for s in range(steps)), "%s mpi: no rank receives twice in a step" % name)
    hops = [(s, a) + (v[0], v[1], v[2]) for (s, a), v in sorted(by.items()) if v[0] != -1]
    judge_hops(name + " mpi", n, hops, left_out_pairs(lines), relayed)
    return steps


def check_matchings(name, n, lines, relayed):
    rows = [[None if x == "-" else int(x) for x in row] for row in data_rows(lines)]
    expect(all(len(row) == n for row in rows), "%s matchings: every line lists the %d ports" % (name, n))
    expect(all(partial_permutation(row, n) for row in rows), "%s matchings: every round is a partial permutation"
           % name)
    hops = [(r, i, d, i, d) for r, row in enumerate(rows) for i, d in enumerate(row) if d is not None]
    left_out = left_out_pairs(lines)
    if relayed:  # connections only: a relay hop looks like a direct one
        first, last = {}, {}
        for (r, i, d, _, _) in hops:
            first.setdefault((i, d), r)
            last[(i, d)] = r
        # A pair with no connection of its own needs a relay k: i -> k before k -> j.
        reachable = all((i, j) in first or any(first.get((i, k), len(rows)) < last.get((k, j), -1) for k in range(n))
                        for i in range(n) for j in range(n) if (i, j) not in left_out)
        expect(reachable, "%s matchings: every deliverable pair connected, directly or through a relay in order"
               % name)
    else:
        judge_hops(name + " matchings", n, hops, left_out, False)
    return rows


def left_out_pairs(lines):
    return {(int(o), int(f)) for o, f, _reason in comments(lines, "left_out")}


def mutations_caught(name, n, exports, relayed):
    """The checks must be able to fail: each altered export must fail at least one."""
    def data_index(lines, k):  # the index of the k-th data line
        return [i for i, line in enumerate(lines) if not line.startswith("#")][k]

    def altered(lines, k, change):
        lines = list(lines)
        lines[data_index(lines, k)] = change(lines[data_index(lines, k)].split())
        return lines

    # A line of step 1 or later that both sends and receives (a cut-off rank does neither).
    busy = next(k for k in range(n, len(data_rows(exports["mpi"])))
                if "-1" not in (data_rows(exports["mpi"])[k][2], data_rows(exports["mpi"])[k][5]))
    cases = [
        ("openoptics: an output reached twice", check_openoptics, altered(
            exports["openoptics"], 1, lambda w: " ".join([w[1]] + w[1:]))),
        ("openoptics: a guard slice not noted", check_openoptics,
         [line.rsplit(" ", 1)[0] if line.startswith("# guard_slices") else line for line in exports["openoptics"]]),
        ("mpi: a receive that is not its peer's send", check_mpi, altered(
            exports["mpi"], busy, lambda w: " ".join(w[:5] + [str((int(w[5]) + 1) % n)] + w[6:]))),
        ("mpi: a send dropped", check_mpi, altered(exports["mpi"], busy, lambda w: " ".join(w[:2] + ["-1"] * 3 + w[5:]))),
        ("matchings: an output reached twice", check_matchings, altered(
            exports["matchings"], 1, lambda w: " ".join([w[1]] + w[1:]))),
    ]
    if not relayed:  # with relays the matchings say too little to miss a lost round
        cases.append(("matchings: a round repeated", check_matchings, altered(
            exports["matchings"], 0, lambda w: exports["matchings"][data_index(exports["matchings"], 1)])))
    global failures
    for what, check, lines in cases:
        kept, out = failures, sys.stdout
        failures, sys.stdout = [], open("/dev/null", "w")
        try:
            check(name, n, lines, relayed)
        except (ValueError, IndexError, KeyError):
            failures.append("raised")  # a malformed export is caught too
        finally:
            sys.stdout.close()
            caught, failures, sys.stdout = bool(failures), kept, out
        expect(caught, "%s: the checker rejects an altered export (%s)" % (name, what))


def main(a2a, cases):
    for case in cases:
        parts = case.split(":")
        topology, n = parts[0], int(parts[1])
        options = ["--topology", topology, "--ports", str(n)]
        relayed = False
        rest = parts[2:]
        while rest:
            word = rest.pop(0)
            if word.startswith("fault="):
                options += ["--fault", word[len("fault="):].replace(".", ":")]
            elif word == "relay":
                relayed = True
            elif word == "degraded":
                options.append("--degraded")
            elif word:
                options += ["--schedule", word]
        name = " ".join(options)
        exports = {fmt: export(a2a, fmt, options) for fmt in ("openoptics", "mpi", "matchings")}
        slices = check_openoptics(name, n, exports["openoptics"], relayed)
        steps = check_mpi(name, n, exports["mpi"], relayed)
        rounds = check_matchings(name, n, exports["matchings"], relayed)
        expect(len(slices) == steps == len(rounds), "%s: %d slices, steps and rounds alike" % (name, steps))
        mutations_caught(name, n, exports, relayed)
    print("%d failures" % len(failures))
    return 1 if failures else 0


if __name__ == "__main__":
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    sys.exit(main(sys.argv[1], sys.argv[2:]))
