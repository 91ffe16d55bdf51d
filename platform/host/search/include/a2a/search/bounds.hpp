// A lower bound on R(N), the fewest configurations that complete the exchange on a
// GSEN, by counting the pairs that have only one path (docs/search.md "Lower bounds").
//
// On a GSEN with 2^(n-1) < N < 2^n, input i reaches output j by one or two of the 2^n
// tags (output-port sequences). A round serves a pair (i, j) with one path only by
// giving i that tag, so the signal crosses one fixed switch of every stage and leaves
// it on one fixed output port. Each output port of a switch carries at most one signal
// in a round. So in any stage s, a round serves at most H_s single-path pairs, H_s being
// the number of (switch, output port) of stage s that some single path leaves by; with
// P single-path pairs in all, every set has at least ceil(P / min_s H_s) rounds.
//
// Why H_s can be small: on a GSEN with N = 0 (mod 4), the two signals at a switch of
// stage 1 always took the same port at stage 0, and where the single-path tags are
// those whose first two port bits differ (N <= 3 * 2^(n-2)), they leave it on one port
// only: H_1 = N/2. Nothing of this is assumed here: every path is traced with route()
// on the network itself and the ports counted.
// A second bound, by bottleneck ports (it includes the first's reasoning and often beats
// it): for a set S of one or two switch output ports, every pair (i, j) must cross S at
// least c(i, j) = min over its paths of |path & S| times when it is served, and in one
// round S carries at most |S| signals, so R >= ceil(sum of c(i, j) / |S|). Every single
// port and every pair of ports is tried (docs/search.md "Lower bounds": an LP over all
// port weights gives the same values at the open N, its optimal weights sit on two ports).
#pragma once

#include <cstdint>
#include <string>

#include "a2a/network.hpp"

namespace a2a::search {

/// A switch output port: the one signal a round that leaves `stage`'s switch by `port`.
struct SwitchPort {
  std::uint32_t stage{0};
  std::uint32_t switch_index{0};
  std::uint32_t port{0};
};

/// The best set S of one or two ports: sum over pairs of min |path & S| is `crossings`.
struct BottleneckPorts {
  std::uint32_t count{0};  ///< |S|: 1 or 2 (0: none tried)
  SwitchPort ports[2]{};
  std::uint64_t crossings{0};
  std::uint64_t pairs{0};  ///< pairs whose every path crosses S
  [[nodiscard]] std::uint64_t bound() const { return count == 0 ? 0 : (crossings + count - 1) / count; }
};

struct CountingBound {
  std::uint32_t bound{0};         ///< R(N) >= bound (at least N: a round serves at most N pairs)
  std::uint64_t single_pairs{0};  ///< P: ordered pairs with exactly one path
  std::uint32_t per_round{0};     ///< H: at most this many of them in one round (min over the stages)
  std::uint32_t stage{0};         ///< the stage s that gives H
  BottleneckPorts bottleneck;     ///< the best one or two ports
  std::string why;                ///< the argument that gives `bound`, in one sentence, with its numbers
};

/// The better of the two bounds (single-path pairs per stage, bottleneck ports) of a
/// binary network (any topology route() knows; on a network where every pair has one
/// path, as on a 2^n network, P = N^2 and H = N: bound N).
[[nodiscard]] CountingBound counting_bound(const Network& net);

}  // namespace a2a::search
