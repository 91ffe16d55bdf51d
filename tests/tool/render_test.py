#!/usr/bin/env python3
"""`a2a render` writes well-formed SVG showing what the schedule does.

Checks paper 000's Fig. 9 example (GSEN N = 10, round 2: alternating
configuration 0011, processor 0 -> 2, 1 -> 9, 2 -> 4, 9 -> 7), that every
drawn path ends at the output its label names, --all sheets, k-shift labels
for d > 2, faulty switches marked, and that the example sheets committed in
docs/examples/ are what the tool draws today.

usage: render_test.py A2A_BINARY WORK_DIR EXAMPLES_DIR
"""
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET

SVG = "{http://www.w3.org/2000/svg}"
failures = []


def expect(condition, what):
    print(("ok   " if condition else "FAIL ") + what)
    if not condition:
        failures.append(what)


def render(a2a, *options):
    done = subprocess.run([a2a, "render", *options], capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit("a2a render %s failed: %s" % (" ".join(options), done.stderr))
    return done.stdout


def parse(svg_text, what):
    root = ET.fromstring(svg_text)  # raises on malformed XML
    expect(root.tag == SVG + "svg", "%s: the root element is <svg>" % what)
    return root


def texts(root):
    return ["".join(t.itertext()) for t in root.iter(SVG + "text")]


def paths_end_at_their_labels(root, what):
    """Each message's polyline must end at the y of the output label naming its source."""
    sink_y = {}
    for t in root.iter(SVG + "text"):
        m = re.match(r"(\d+) \u2190 (.*)$", "".join(t.itertext()))
        if m:
            for src in m.group(2).split(", "):
                sink_y[int(src)] = float(t.get("y")) - 4
    lines = list(root.iter(SVG + "polyline"))
    ok = len(lines) > 0
    for line in lines:
        src = int(line.find(SVG + "title").text.split(" ")[0])
        last_y = float(line.get("points").split()[-1].split(",")[1])
        ok = ok and abs(sink_y.get(src, -1e9) - last_y) < 0.11
    expect(ok, "%s: all %d paths end at the output labelled with their source" % (what, len(lines)))


def main(a2a, work, examples):
    os.makedirs(work, exist_ok=True)
    fig9 = render(a2a, "--topology", "gsen", "--ports", "10", "--round", "2")
    root = parse(fig9, "gsen 10 round 2")
    words = texts(root)
    expect(any(w.startswith("round 2 of 10") and "alternating configuration A = 0011" in w for w in words),
           "Fig. 9: heading shows round 2 and alternating configuration 0011")
    for label in ("0 \u2192 2", "1 \u2192 9", "2 \u2192 4", "9 \u2192 7"):
        expect(label in words, "Fig. 9: label '%s'" % label)
    # The output side is labelled where the traced path arrives: the paper's destinations again.
    for label in ("2 \u2190 0", "9 \u2190 1", "4 \u2190 2", "7 \u2190 9"):
        expect(label in words, "Fig. 9: the path arrives as '%s'" % label)
    expect(sum(1 for r in root.iter(SVG + "rect") if "switch" in (r.get("class") or "")) == 4 * 5,
           "Fig. 9: 4 stages of 5 switches drawn")
    paths_end_at_their_labels(root, "Fig. 9")

    sheet = parse(render(a2a, "--topology", "omega", "--ports", "8", "--all"), "omega 8 --all")
    groups = [g.get("id") for g in sheet.iter(SVG + "g") if (g.get("id") or "").startswith("round-")]
    expect(groups == ["round-%d" % r for r in range(8)], "omega 8 --all: one panel per round, in order")
    expect(len(list(sheet.iter(SVG + "polyline"))) == 64, "omega 8 --all: 64 message paths")

    ternary = parse(render(a2a, "--topology", "baseline", "--ports", "9", "--radix", "3", "--round", "5"), "baseline 9")
    expect(sum(1 for w in texts(ternary) if re.fullmatch(r"\+[0-2]", w)) == 2 * 3,
           "d = 3: a k-shift label on each of the 6 switches")
    paths_end_at_their_labels(ternary, "baseline 9 d=3")

    dump_path = os.path.join(work, "faulty.json")
    subprocess.run([a2a, "dump", "--topology", "banyan", "--ports", "8", "--fault", "1:2", "--schedule", "latin-square", "--out", dump_path],
                   check=True, capture_output=True)
    faulty = parse(render(a2a, "--input", dump_path, "--round", "0"), "banyan 8 with a fault")
    marked = [r for r in faulty.iter(SVG + "rect") if r.get("class") == "switch faulty"]
    expect(len(marked) == 1 and "stage 1, switch 2" in marked[0].find(SVG + "title").text,
           "faulty switch stage 1, switch 2 is marked")

    for name, options in (("gsen10-round2.svg", ["--topology", "gsen", "--ports", "10", "--round", "2"]),
                          ("omega8-all.svg", ["--topology", "omega", "--ports", "8", "--all"])):
        path = os.path.join(examples, name)
        committed = open(path, encoding="utf-8").read() if os.path.exists(path) else ""
        expect(committed == render(a2a, *options),
               "docs/examples/%s is what `a2a render %s` draws" % (name, " ".join(options)))

    print("%d failures" % len(failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:4]))
