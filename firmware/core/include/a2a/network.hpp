// The network as a value: its topology code and its size (N, d, n). Include
// a2a/topology.hpp, not this file: what a topology is (wiring, digit maps, sizing)
// lives in its description (topologies.hpp), and Network::switches_per_stage() is
// defined in topology.hpp, after the list of descriptions it reads.
#pragma once

#include <cstdint>

#include "a2a/limits.hpp"

namespace a2a {

// The values are codes stored in configuration blocks (flash): pinned, never renumbered
// (docs/configuration.md; golden test in tests/config/config_block_test.cpp). Each code
// has one description in topologies.hpp, at the position of the code in Topologies;
// a new topology takes the next free value here.
enum class Topology : std::uint8_t {
  omega = 0,             ///< d-ary perfect shuffle before every stage (shuffle-exchange)
  baseline = 1,          ///< pi_i after stage i: rotate the n-i low digits right by one
  banyan = 2,            ///< tau_j after stage j: swap digit 0 with digit j+1 (paper 004)
  reverse_omega = 3,     ///< mirror image of omega
  reverse_baseline = 4,  ///< mirror image of baseline
  reverse_banyan = 5,    ///< mirror image of banyan
  gsen = 6,              ///< generalized shuffle-exchange network, any even N >= 4 (paper 000)
  shift = 7,             ///< paper 003: log2 N + 1 stages of N switches; a pass realizes a cyclic shift
};

/// A validated network: N ports, n stages of N/d switches of size d x d (the
/// shift network: m + 1 stages of N switches, N = 2^m).
/// Only make_network() builds one, so every Network in the program is valid.
struct Network {
  Topology topology{Topology::omega};
  std::uint32_t ports{2};   ///< N
  std::uint32_t radix{2};   ///< d
  std::uint32_t stages{1};  ///< n (ceil(log2 N) for GSEN, log2 N + 1 for shift, log_d N otherwise)

  /// N/d, or N in the shift network (whose switches use one input at stage 0, one output
  /// at the last): the topology's description says which (defined in topology.hpp).
  [[nodiscard]] constexpr std::uint32_t switches_per_stage() const;
  /// Number of distinct stage-control words: d^n (2^n for GSEN, which may exceed N).
  [[nodiscard]] constexpr std::uint32_t stage_words() const {
    std::uint32_t w = 1;
    for (std::uint32_t s = 0; s < stages; ++s) w *= radix;
    return w;
  }
  friend constexpr bool operator==(const Network&, const Network&) = default;
};

}  // namespace a2a
