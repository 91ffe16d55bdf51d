#!/usr/bin/env python3
"""`a2a render --chart rounds|fault`: well-formed SVG whose points sit where their
values say and whose values are right, checked against numbers that do not come
from the chart's code:

- every point's position is read back through the grid lines' own values (a linear
  map fitted from two of them), so a point drawn at the wrong height fails;
- rounds chart, GSEN N = 4..256: our rounds, R(N) and R_sc(N) against the table in
  docs/gsen-rounds.md (whose rounds to 128 core_exhaustive_gsen_sets asserts), R_sc(N) =
  2^ceil(log2 N) (Theorem 3.8) and the lower bound N computed here; a few N
  counted from the rounds of `a2a dump`;
- rounds chart of omega (d = 2) and baseline (d = 3): one point per N = d^n in the
  range, N rounds (the Latin square), no paper series;
- fault chart, banyan N = 16..128: worst and best against the worst and best over
  the stages of docs/fault-tolerance.md's banyan table (docs/examples/fault_table.cpp,
  the same positions), the lower bounds from the formula of its "Lower bound" section
  computed here, 3N and N;
- docs/examples/gsen-rounds-chart.svg and banyan-fault-chart.svg are what the tool
  draws today.

usage: chart_test.py A2A_BINARY DOCS_DIR
"""
import json
import math
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET

from tool_test_support import expect, failures

SVG = "{http://www.w3.org/2000/svg}"

# The committed charts and the commands that draw them (docs/gsen-rounds.md, docs/fault-tolerance.md).
COMMITTED = (("gsen-rounds-chart.svg", ["--chart", "rounds", "--topology", "gsen"]),
             ("banyan-fault-chart.svg", ["--chart", "fault", "--topology", "banyan"]))


def chart(a2a, *options):
    done = subprocess.run([a2a, "render", *options], capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit("a2a render %s failed: %s" % (" ".join(options), done.stderr))
    return done.stdout


def fit(root, axis):
    """pixel = a + b * value for the grid lines of one axis (x or y)."""
    lines = [g for g in root.iter(SVG + "line") if g.get("class") == "grid-" + axis]
    coord = "x1" if axis == "x" else "y1"
    points = [(float(g.get("data-value")), float(g.get(coord))) for g in lines]
    (v0, p0), (v1, p1) = points[0], points[-1]
    b = (p1 - p0) / (v1 - v0)
    straight = all(abs(p0 + b * (v - v0) - p) < 0.11 for v, p in points)
    return (lambda v: p0 + b * (v - v0)), straight and len(points) >= 3


def series_of(svg_text, what):
    """{series id: {N: value}}, after checking the SVG and every point's position."""
    root = ET.fromstring(svg_text)  # raises on malformed XML
    expect(root.tag == SVG + "svg", "%s: the root element is <svg>" % what)
    to_x, x_ok = fit(root, "x")
    to_y, y_ok = fit(root, "y")
    expect(x_ok and y_ok, "%s: evenly spaced grid lines on both axes" % what)
    series, misplaced, untitled = {}, [], 0
    for g in root.iter(SVG + "g"):
        if g.get("class") != "series":
            continue
        values = {}
        for c in g.iter(SVG + "circle"):
            n, v = int(c.get("data-n")), int(c.get("data-value"))
            values[n] = v
            if abs(float(c.get("cx")) - to_x(n)) > 0.11 or abs(float(c.get("cy")) - to_y(v)) > 0.11:
                misplaced.append((g.get("id"), n, v))
            title = c.find(SVG + "title")
            untitled += 0 if title is not None and title.text.startswith("N = %d: " % n) else 1
        series[g.get("id")[len("series-"):]] = values
    expect(not misplaced, "%s: every point drawn at its (N, value) %s" % (what, misplaced[:3]))
    expect(untitled == 0, "%s: every point's tooltip names its N" % what)
    legend = [t for g in root.iter(SVG + "g") if g.get("class") == "legend" for t in g.iter(SVG + "text")]
    expect(len(legend) == len(series), "%s: a legend entry per series" % what)
    return series


def gsen_doc_table(docs):
    """N -> (rounds, R(N) or None) from docs/gsen-rounds.md: Fig. 14's table (9 cells,
    N = 4..128) and the table beyond it (6 cells, N = 130..256, no Fig. 14 value)."""
    rows = {}
    with open(os.path.join(docs, "gsen-rounds.md"), encoding="utf-8") as f:
        for line in f:
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            if len(cells) == 9 and cells[0].isdigit():
                rows[int(cells[0])] = (int(cells[3]), int(cells[4].replace("≤", "").strip()))
            elif len(cells) == 6 and cells[0].isdigit() and int(cells[0]) > 128:
                rows[int(cells[0])] = (int(cells[2]), None)
    return rows


def fault_doc_table(docs, heading):
    """N -> (worst, best) over the stages, from one table of docs/fault-tolerance.md."""
    rows, inside = {}, False
    with open(os.path.join(docs, "fault-tolerance.md"), encoding="utf-8") as f:
        for line in f:
            if line.startswith("### "):
                inside = line.strip() == heading
            m = re.match(r"\| (\d+) \| (\d+) \| (\d+) / (\d+) \|", line) if inside else None
            if m:
                n, worst, best = int(m.group(1)), int(m.group(3)), int(m.group(4))
                w, b = rows.get(n, (0, 1 << 30))
                rows[n] = (max(w, worst), min(b, best))
    return rows


def fault_lower_bound(n_ports, stage):
    """docs/fault-tolerance.md, "Lower bound": N + 1 + ceil(N / (2^m - 1)), m = min(s, n-1-s)."""
    n = n_ports.bit_length() - 1
    m = min(stage, n - 1 - stage)
    return n_ports + 1 + -(-n_ports // (2 ** m - 1))


def main(a2a, docs):
    examples = os.path.join(docs, "examples")
    gsen = series_of(chart(a2a, "--chart", "rounds", "--topology", "gsen"), "gsen rounds")
    expect(set(gsen) == {"lower-bound", "paper-r-sc", "rounds", "paper-r"}, "gsen: four series %s" % sorted(gsen))
    table = gsen_doc_table(docs)
    expect(sorted(table) == list(range(4, 257, 2)), "docs/gsen-rounds.md: a row per even N = 4..256")
    expect(gsen["rounds"] == {n: r for n, (r, _) in table.items()}, "gsen: our rounds are docs/gsen-rounds.md's")
    expect(gsen["paper-r"] == {n: p for n, (_, p) in table.items() if p is not None},
           "gsen: R(N) is docs/gsen-rounds.md's Fig. 14 (to 128)")
    expect(gsen["paper-r-sc"] == {n: 2 ** math.ceil(math.log2(n)) for n in table}, "gsen: R_sc(N) = 2^ceil(log2 N)")
    expect(gsen["lower-bound"] == {n: n for n in table}, "gsen: the lower bound is N")
    for n in (10, 12, 20, 36, 72, 136, 188):
        dumped = json.loads(subprocess.run([a2a, "dump", "--topology", "gsen", "--ports", str(n)],
                                           capture_output=True, text=True, check=True).stdout)
        expect(gsen["rounds"][n] == len(dumped["rounds"]), "gsen N = %d: the rounds of a2a dump" % n)

    omega = series_of(chart(a2a, "--chart", "rounds", "--topology", "omega", "--from", "3", "--to", "100"), "omega")
    expect(omega == {"lower-bound": {n: n for n in (4, 8, 16, 32, 64)}, "rounds": {n: n for n in (4, 8, 16, 32, 64)}},
           "omega 3..100: N = 4..64, N rounds each, no paper series")
    ternary = series_of(chart(a2a, "--chart", "rounds", "--topology", "baseline", "--radix", "3", "--to", "300",
                              "--schedule", "latin-square"), "baseline d = 3")
    expect(ternary["rounds"] == {n: n for n in (9, 27, 81, 243)}, "baseline d = 3 from 4: N = 9..243, N rounds")

    fault = series_of(chart(a2a, "--chart", "fault", "--topology", "banyan"), "banyan fault")
    doc = fault_doc_table(docs, "### Banyan (paper 004's network)")
    sizes = [16, 32, 64, 128]
    expect(fault["worst"] == {n: doc[n][0] for n in sizes}, "banyan: worst is the docs table's worst over stages")
    expect(fault["best"] == {n: doc[n][1] for n in sizes}, "banyan: best is the docs table's best over stages")
    stages = {n: range(1, n.bit_length() - 2) for n in sizes}
    expect(fault["lower-bound-high"] == {n: max(fault_lower_bound(n, s) for s in stages[n]) for n in sizes}
           and fault["lower-bound-high"] == {n: 2 * n + 1 for n in sizes}, "banyan: largest lower bound 2N + 1")
    expect(fault["lower-bound-low"] == {n: min(fault_lower_bound(n, s) for s in stages[n]) for n in sizes},
           "banyan: smallest lower bound over the stages")
    expect(fault["paper-bound"] == {n: 3 * n for n in sizes} and fault["no-fault"] == {n: n for n in sizes},
           "banyan: paper 004's 3N and the fault-free N")
    expect(all(fault["lower-bound-low"][n] <= fault["best"][n] <= fault["worst"][n] <= 3 * n for n in sizes)
           and all(fault["lower-bound-high"][n] <= fault["worst"][n] for n in sizes),
           "banyan: lower bounds <= best <= worst <= 3N")

    for name, options in COMMITTED:
        path = os.path.join(examples, name)
        committed = open(path, encoding="utf-8").read() if os.path.exists(path) else ""
        expect(committed == chart(a2a, *options),
               "docs/examples/%s is what `a2a render %s` draws" % (name, " ".join(options)))

    print("%d failures" % len(failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:3]))
