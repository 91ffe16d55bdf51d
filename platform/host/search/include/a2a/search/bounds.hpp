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
#pragma once

#include <cstdint>
#include <string>

#include "a2a/network.hpp"

namespace a2a::search {

struct CountingBound {
  std::uint32_t bound{0};         ///< R(N) >= bound (at least N: a round serves at most N pairs)
  std::uint64_t single_pairs{0};  ///< P: ordered pairs with exactly one path
  std::uint32_t per_round{0};     ///< H: at most this many of them in one round (min over the stages)
  std::uint32_t stage{0};         ///< the stage s that gives H
  std::string why;                ///< the argument in one sentence, with its numbers
};

/// The counting bound of a binary network (any topology route() knows; on a network
/// where every pair has one path, as on a 2^n network, P = N^2 and H = N: bound N).
[[nodiscard]] CountingBound counting_bound(const Network& net);

}  // namespace a2a::search
