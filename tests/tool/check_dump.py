#!/usr/bin/env python3
"""Independent switch-level checker for a2a schedule dumps (JSON).

Written from docs/conventions.md alone, sharing no code with the a2a tool or
the C++ core, so that a dump the tool writes is judged by a second reading of
the conventions:
  - terminals, stages 0 (input side) .. n-1, switch s reads terminal d*s + u on
    input port u and drives d*s + v from output port v; state k: u -> (u + k) mod d;
  - the wiring of every topology (omega, gsen, baseline, banyan, their mirror
    images, and the shift network of paper 003);
  - the forward tag: the output ports taken, stage 0 the most significant digit.
It checks that every claimed dst and tag is where the route arrives, that no
two signals reach one output in a round, and that every ordered pair
(orig, final), i = j included, is delivered exactly once (plus, when the dump
asks, crosstalk, faulty switches and switches stuck in one state: a hop through
one in the other state). Relays (store and forward, docs/conventions.md):
a hop whose route ends short of `final` puts the message into that processor's
store; a hop whose src is not `orig` must forward a message that reached src in
an earlier round; nothing may be left in a store at the end.

usage: check_dump.py DUMP.json [DUMP.json ...]     exit 0 when every dump passes
       (as a module: check(dump_dict) -> list of problems)
"""
import json
import sys


def digits_of(t, d, n):
    """Base-d digits of t, least significant first."""
    out = []
    for _ in range(n):
        out.append(t % d)
        t //= d
    return out


def number_of(ds, d):
    value = 0
    for digit in reversed(ds):
        value = value * d + digit
    return value


def shuffle(t, d, n):
    """d-ary perfect shuffle: the n digits of t rotated left by one."""
    ds = digits_of(t, d, n)  # ds[n-1] is the most significant digit
    return number_of([ds[n - 1]] + ds[:n - 1], d)


def rotate_low_right(t, d, width, n):
    """Rotate the `width` least significant digits of t right by one, the others kept."""
    ds = digits_of(t, d, n)
    low = ds[:width]
    low = low[1:] + low[:1]  # digit 0 moves to position width-1
    return number_of(low + ds[width:], d)


def swap_digit0(t, d, j, n):
    ds = digits_of(t, d, n)
    ds[0], ds[j] = ds[j], ds[0]
    return number_of(ds, d)


def invert(perm):
    inverse = [0] * len(perm)
    for t, u in enumerate(perm):
        inverse[u] = t
    return inverse


def gaps_of(topology, N, d, n):
    """The fixed wiring as n+1 permutations: gap 0 before stage 0, gap k between
    stages k-1 and k, gap n after stage n-1 (t -> terminal it is wired to)."""
    identity = list(range(N))
    if topology.startswith("reverse-"):
        forward = gaps_of(topology[len("reverse-"):], N, d, n)
        # The mirror image runs the stages backwards through inverted wiring.
        return [invert(forward[n - k]) for k in range(n + 1)]
    if topology == "omega":
        return [[shuffle(t, d, n) for t in range(N)] for _ in range(n)] + [identity]
    if topology == "gsen":
        pi = [(2 * t + (2 * t) // N) % N for t in range(N)]
        return [pi[:] for _ in range(n)] + [identity]
    if topology == "baseline":
        return [identity] + [[rotate_low_right(t, d, n - i, n) for t in range(N)] for i in range(n - 1)] + [identity]
    if topology == "banyan":
        return [identity] + [[swap_digit0(t, d, j + 1, n) for t in range(N)] for j in range(n - 1)] + [identity]
    raise ValueError("unknown topology %r" % topology)


# The topologies whose fixed wiring between two stages sits behind the first of them
# (docs/conventions.md, "Topologies"): a dead link's terminal is counted past it.
WIRED_BEHIND = {"baseline", "banyan", "reverse-omega"}


def expected_stages(topology, N, d):
    if topology == "gsen":
        if d != 2 or N < 4 or N % 2:
            raise ValueError("gsen needs d = 2 and an even N >= 4")
        n = 0
        while 2 ** n < N:
            n += 1
        return n
    if topology == "shift":
        m = 0
        while 2 ** m < N:
            m += 1
        if 2 ** m != N or d != 2:
            raise ValueError("shift needs d = 2 and N = 2^m")
        return m + 1
    n, power = 0, 1
    while power < N:
        power *= d
        n += 1
    if power != N or N < d:
        raise ValueError("N = %d is not a power of d = %d" % (N, d))
    return n


class Network:
    def __init__(self, topology, N, d, n):
        self.topology, self.N, self.d, self.n = topology, N, d, n
        if topology == "shift":
            self.switches = N  # paper 003: N switches per stage, ports 0 and 1
        else:
            self.switches = N // d
            self.gaps = gaps_of(topology, N, d, n)

    def route(self, source, stages):
        """Returns (destination or None, tag, [(stage, switch)...], [(stage, terminal)...]):
        the switches crossed and the links left on (behind stages 0 .. n-2)."""
        if self.topology == "shift":
            return self._route_shift(source, stages) + ([],)
        d = self.d
        t = self.gaps[0][source]
        tag, hops, links = 0, [], []
        for s in range(self.n):
            sw, u = divmod(t, d)
            v = (u + stages[s][sw]) % d
            tag = tag * d + v
            hops.append((s, sw))
            if s + 1 < self.n:  # the link: its terminal in the column behind stage s (conventions.md)
                # Omega and gsen wire in front of each stage, baseline and banyan behind it
                # (pi_i, tau_j after stage i), the reverses the other way round: where the
                # wiring sits behind the switches, the column is past it.
                behind = self.gaps[s + 1][sw * d + v] if self.topology in WIRED_BEHIND else sw * d + v
                links.append((s, behind))
            t = self.gaps[s + 1][sw * d + v]
        return t, tag, hops, links

    def _route_shift(self, source, stages):
        sw, port, tag, hops = source, 0, 0, []
        m = self.n - 1
        for k in range(self.n):
            out = (port + stages[k][sw]) % 2
            tag = tag * 2 + out
            hops.append((k, sw))
            if k == m:
                return (sw if out == 0 else None), tag, hops  # port 1 of the last stage is unused
            if out == 1:
                sw, port = (sw + 2 ** k) % self.N, 1
            else:
                port = 0
        raise AssertionError("unreachable")


def whole(value):
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def check(dump):
    """Returns a list of problems (empty: the dump is a correct exchange)."""
    problems = []
    try:
        topology, N, d, n = dump["topology"], dump["ports"], dump["radix"], dump["stages"]
        net_n = expected_stages(topology, N, d)
    except (KeyError, TypeError, ValueError) as e:
        return ["bad network description: %s" % e]
    if n != net_n:
        return ["stages = %r, but %s with N = %d has %d stages" % (n, topology, N, net_n)]
    net = Network(topology, N, d, n)
    faults = {tuple(f) for f in dump.get("faults", [])}
    dead_links = {tuple(f) for f in dump.get("fault_links", [])}
    stuck = {(f[0], f[1]): f[2] for f in dump.get("stuck_faults", [])}  # (stage, switch) -> its state
    left_out = {(p[0], p[1]) for p in dump.get("left_out", [])}
    optical = dump.get("optical", False)
    delivered = {}
    stored = {}  # (orig, final, holder) -> round the message reached the holder
    for r, rnd in enumerate(dump["rounds"]):
        stages = rnd["stages"]
        if len(stages) != n or any(len(row) != net.switches for row in stages):
            problems.append("round %d: stages must be %d rows of %d states" % (r, n, net.switches))
            continue
        if any(not whole(k) or k >= d for row in stages for k in row):
            problems.append("round %d: a switch state is not in 0..%d" % (r, d - 1))
            continue
        outputs, load, sources = {}, {}, set()
        for send in rnd["sends"]:
            src, dst, tag = send["src"], send["dst"], send["tag"]
            orig, final = send.get("orig", src), send.get("final", dst)
            if not all(whole(x) and x < N for x in (src, dst, orig, final)):
                problems.append("round %d: send %r has a port out of range" % (r, send))
                continue
            if src in sources:
                problems.append("round %d: port %d sends twice" % (r, src))
            sources.add(src)
            arrives, route_tag, hops, links = net.route(src, stages)
            if arrives != dst:
                problems.append("round %d: %d claims dst %d, the route arrives at %s" % (r, src, dst, arrives))
            if route_tag != tag:
                problems.append("round %d: %d claims tag %d, the route takes %d" % (r, src, tag, route_tag))
            if arrives is not None:
                if arrives in outputs:
                    problems.append("round %d: output %d reached by %d and %d" % (r, arrives, outputs[arrives], src))
                outputs[arrives] = src
            for hop in hops:
                load[hop] = load.get(hop, 0) + 1
            if faults & set(hops):
                problems.append("round %d: %d -> %d crosses a faulty switch" % (r, src, dst))
                continue
            wrong = [h for h in hops if h in stuck and stages[h[0]][h[1]] != stuck[h]]
            if wrong:
                problems.append("round %d: %d -> %d passes switch %d of stage %d in state %d, but it is stuck in %d"
                                % (r, src, dst, wrong[0][1], wrong[0][0], stages[wrong[0][0]][wrong[0][1]], stuck[wrong[0]]))
                continue
            if dead_links & set(links):
                problems.append("round %d: %d -> %d crosses a dead link" % (r, src, dst))
                continue
            if src != orig:  # a relay's hop out: the message must be in src's store already
                since = stored.pop((orig, final, src), None)
                if since is None or since >= r:
                    problems.append("round %d: %d forwards message (%d, %d) that did not reach it in an earlier round"
                                    % (r, src, orig, final))
                    continue
            if arrives is not None and arrives == final:
                delivered[(orig, final)] = delivered.get((orig, final), 0) + 1
            elif arrives is not None:  # a hop into a relay's store
                stored.setdefault((orig, final, arrives), r)
        if optical:
            for hop, count in sorted(load.items()):
                if count > 1:
                    problems.append("round %d: stage %d switch %d carries %d signals (crosstalk)" % (r, hop[0], hop[1], count))
    for (orig, final, holder), r in sorted(stored.items()):
        problems.append("message (%d, %d) reached relay %d in round %d and was never forwarded" % (orig, final, holder, r))
    for i in range(N):
        for j in range(N):
            count = delivered.get((i, j), 0)
            wanted = 0 if (i, j) in left_out else 1  # a degraded dump's left_out: not delivered
            if count != wanted:
                problems.append("pair (%d, %d) delivered %d times%s" % (i, j, count, " (listed in left_out)" if wanted == 0 else ""))
    return problems


def main(paths):
    if not paths:
        print(__doc__.strip().splitlines()[-2], file=sys.stderr)
        return 2
    status = 0
    for path in paths:
        with open(path, encoding="utf-8") as f:
            dump = json.load(f)
        problems = check(dump)
        if problems:
            status = 1
            for p in problems[:20]:
                print("%s: %s" % (path, p))
            print("%s: FAILED (%d problems)" % (path, len(problems)))
        else:
            left = len({(p[0], p[1]) for p in dump.get("left_out", [])})
            print("%s: OK: %s N=%d d=%d, %d pairs exactly once in %d rounds%s"
                  % (path, dump["topology"], dump["ports"], dump["radix"], dump["ports"] ** 2 - left, len(dump["rounds"]),
                     ", %d left out" % left if left else ""))
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
