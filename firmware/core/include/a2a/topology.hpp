// The networks: parameters, validation and the fixed wiring of every stage,
// exactly as docs/conventions.md fixes them (stage 0 on the input side,
// switch s reads terminal d*s + u on input port u and drives d*s + v).
#pragma once

#include <cstdint>
#include <string_view>

#include "a2a/status.hpp"

namespace a2a {

inline constexpr std::uint32_t kMaxPorts = 65536;  ///< largest N the core accepts
inline constexpr std::uint32_t kMaxRadix = 16;     ///< largest switch size d
inline constexpr std::uint32_t kMaxStages = 16;    ///< 2^16 = kMaxPorts with d = 2

// The values are codes stored in configuration blocks (flash): pinned, never renumbered
// (docs/configuration.md; golden test in tests/core/config_block_test.cpp).
enum class Topology : std::uint8_t {
  omega = 0,         ///< d-ary perfect shuffle before every stage (shuffle-exchange)
  baseline = 1,      ///< pi_i after stage i: rotate the n-i low digits right by one
  banyan = 2,        ///< tau_j after stage j: swap digit 0 with digit j+1 (paper 004)
  reverse_omega = 3, ///< mirror image of omega
  reverse_baseline = 4, ///< mirror image of baseline
  reverse_banyan = 5, ///< mirror image of banyan
  gsen = 6,          ///< generalized shuffle-exchange network, any even N >= 4 (paper 000)
  shift = 7,         ///< paper 003: log2 N + 1 stages of N switches; a pass realizes a cyclic shift
};

inline constexpr Topology kAllTopologies[] = {
    Topology::omega,         Topology::baseline,         Topology::banyan, Topology::reverse_omega,
    Topology::reverse_baseline, Topology::reverse_banyan, Topology::gsen, Topology::shift};

/// The names used by the schedule dump ("topology" field) and the host tool.
constexpr std::string_view name(Topology t) {
  switch (t) {
    case Topology::omega: return "omega";
    case Topology::baseline: return "baseline";
    case Topology::banyan: return "banyan";
    case Topology::reverse_omega: return "reverse-omega";
    case Topology::reverse_baseline: return "reverse-baseline";
    case Topology::reverse_banyan: return "reverse-banyan";
    case Topology::gsen: return "gsen";
    case Topology::shift: return "shift";
  }
  return "unknown";
}

constexpr Result<Topology> parse_topology(std::string_view text) {
  for (Topology t : kAllTopologies)
    if (name(t) == text) return t;
  return Errc::topology_unknown;
}

constexpr bool is_reverse(Topology t) {
  return t == Topology::reverse_omega || t == Topology::reverse_baseline || t == Topology::reverse_banyan;
}

/// A validated network: N ports, n stages of N/d switches of size d x d (the
/// shift network: m + 1 stages of N switches, N = 2^m).
/// Only make_network() builds one, so every Network in the program is valid.
struct Network {
  Topology topology{Topology::omega};
  std::uint32_t ports{2};   ///< N
  std::uint32_t radix{2};   ///< d
  std::uint32_t stages{1};  ///< n (ceil(log2 N) for GSEN, log2 N + 1 for shift, log_d N otherwise)

  /// N/d, or N in the shift network (whose switches use one input at stage 0, one output at the last).
  [[nodiscard]] constexpr std::uint32_t switches_per_stage() const {
    return topology == Topology::shift ? ports : ports / radix;
  }
  /// Number of distinct stage-control words: d^n (2^n for GSEN, which may exceed N).
  [[nodiscard]] constexpr std::uint32_t stage_words() const {
    std::uint32_t w = 1;
    for (std::uint32_t s = 0; s < stages; ++s) w *= radix;
    return w;
  }
  friend constexpr bool operator==(const Network&, const Network&) = default;
};

/// Checks the parameters and returns the network, or the specific reason it does not exist.
constexpr Result<Network> make_network(Topology topology, std::uint32_t ports, std::uint32_t radix = 2) {
  bool known = false;
  for (Topology t : kAllTopologies) known = known || t == topology;
  if (!known) return Errc::topology_unknown;
  if (radix < 2) return Errc::radix_too_small;
  if (radix > kMaxRadix) return Errc::radix_too_large;
  if (ports > kMaxPorts) return Errc::ports_too_large;
  if (topology == Topology::gsen) {
    if (radix != 2) return Errc::topology_needs_binary;
    if (ports < 4) return Errc::ports_too_small;
    if (ports % 2 != 0) return Errc::ports_odd;
    std::uint32_t n = 0;
    while ((std::uint32_t{1} << n) < ports) ++n;  // n = ceil(log2 N)
    return Network{topology, ports, 2, n};
  }
  if (topology == Topology::shift) {
    if (radix != 2) return Errc::shift_needs_binary;
    if (ports < 2) return Errc::ports_too_small;
    std::uint32_t m = 0;
    while ((std::uint32_t{1} << m) < ports) ++m;
    if ((std::uint32_t{1} << m) != ports) return Errc::ports_not_power_of_radix;
    if (m + 1 > kMaxStages) return Errc::shift_ports_too_large;
    return Network{topology, ports, 2, m + 1};
  }
  if (ports < radix) return Errc::ports_too_small;
  std::uint32_t n = 0;
  std::uint32_t power = 1;
  while (power < ports) {
    power *= radix;
    ++n;
  }
  if (power != ports) return Errc::ports_not_power_of_radix;
  return Network{topology, ports, radix, n};
}

// ---------------------------------------------------------------------------
// Fixed wiring. Each function maps a terminal to the terminal it is wired to.
// These are the ground truth of route(); they favour clarity over speed.
namespace wiring {

constexpr std::uint32_t power(std::uint32_t d, std::uint32_t e) {
  std::uint32_t p = 1;
  for (std::uint32_t i = 0; i < e; ++i) p *= d;
  return p;
}

/// d-ary perfect shuffle: the n base-d digits of t rotated left by one.
constexpr std::uint32_t shuffle(const Network& net, std::uint32_t t) {
  if (net.topology == Topology::gsen) return (2 * t + (2 * t) / net.ports) % net.ports;  // pi(t)
  return (t * net.radix) % net.ports + t / (net.ports / net.radix);
}
/// Inverse of shuffle: digits rotated right by one.
constexpr std::uint32_t unshuffle(const Network& net, std::uint32_t t) {
  return t / net.radix + (t % net.radix) * (net.ports / net.radix);
}
/// Rotate the `width` least significant base-d digits of t right (right = true) or left by one.
constexpr std::uint32_t rotate_low_digits(const Network& net, std::uint32_t t, std::uint32_t width, bool right) {
  const std::uint32_t field = power(net.radix, width);
  const std::uint32_t high = t - t % field;
  const std::uint32_t low = t % field;
  const std::uint32_t top = field / net.radix;
  return right ? high + low / net.radix + (low % net.radix) * top
               : high + (low % top) * net.radix + low / top;
}
/// Swap base-d digit 0 with digit j (an involution).
constexpr std::uint32_t swap_digit0(const Network& net, std::uint32_t t, std::uint32_t j) {
  const std::uint32_t pj = power(net.radix, j);
  const std::uint32_t d0 = t % net.radix;
  const std::uint32_t dj = (t / pj) % net.radix;
  return t - d0 - dj * pj + dj + d0 * pj;
}

// The forward networks: wiring before and after stage s (identity where none).
constexpr std::uint32_t forward_before(const Network& net, std::uint32_t s, std::uint32_t t) {
  (void)s;
  const bool shuffled = net.topology == Topology::omega || net.topology == Topology::gsen;
  return shuffled ? shuffle(net, t) : t;
}
constexpr std::uint32_t forward_after(const Network& net, std::uint32_t s, std::uint32_t t) {
  if (s + 1 >= net.stages) return t;  // no wiring after the last stage
  if (net.topology == Topology::baseline) return rotate_low_digits(net, t, net.stages - s, true);
  if (net.topology == Topology::banyan) return swap_digit0(net, t, s + 1);
  return t;
}
// Their inverses, used by the mirror images.
constexpr std::uint32_t forward_before_inverse(const Network& net, std::uint32_t s, std::uint32_t t) {
  (void)s;
  return net.topology == Topology::omega ? unshuffle(net, t) : t;
}
constexpr std::uint32_t forward_after_inverse(const Network& net, std::uint32_t s, std::uint32_t t) {
  if (s + 1 >= net.stages) return t;
  if (net.topology == Topology::baseline) return rotate_low_digits(net, t, net.stages - s, false);
  if (net.topology == Topology::banyan) return swap_digit0(net, t, s + 1);
  return t;
}

constexpr Topology forward_of(Topology t) {
  switch (t) {
    case Topology::reverse_omega: return Topology::omega;
    case Topology::reverse_baseline: return Topology::baseline;
    case Topology::reverse_banyan: return Topology::banyan;
    default: return t;
  }
}

// The shift network (paper 003, docs/conventions.md): a column holds 2N terminals, 2y + u
// being port u of switch y. Processor i enters port 0 of switch i of stage 0.
// Output 0 of switch y of stage k feeds port 0 of switch y of stage k+1, output 1
// feeds port 1 of switch (y + 2^k) mod N. Processor j reads output 0 of switch j
// of the last stage; output 1 there is unused, so a signal leaving on it arrives
// at N + y, which is no processor (route() reports it; checkers refuse it).
constexpr std::uint32_t shift_before(std::uint32_t s, std::uint32_t t) { return s == 0 ? 2 * t : t; }
constexpr std::uint32_t shift_after(const Network& net, std::uint32_t s, std::uint32_t t) {
  const std::uint32_t y = t / 2;
  if (s + 1 >= net.stages) return t % 2 == 0 ? y : net.ports + y;
  return t % 2 == 0 ? t : 2 * ((y + (std::uint32_t{1} << s)) % net.ports) + 1;
}

/// Wiring in front of the switches of stage s. The reverse of X runs X's stages
/// backwards, so its stage s is X's stage n-1-s with the wiring inverted and swapped.
constexpr std::uint32_t before_stage(const Network& net, std::uint32_t s, std::uint32_t t) {
  if (net.topology == Topology::shift) return shift_before(s, t);
  if (!is_reverse(net.topology)) return forward_before(net, s, t);
  Network fwd = net;
  fwd.topology = forward_of(net.topology);
  return forward_after_inverse(fwd, net.stages - 1 - s, t);
}
/// Wiring behind the switches of stage s.
constexpr std::uint32_t after_stage(const Network& net, std::uint32_t s, std::uint32_t t) {
  if (net.topology == Topology::shift) return shift_after(net, s, t);
  if (!is_reverse(net.topology)) return forward_after(net, s, t);
  Network fwd = net;
  fwd.topology = forward_of(net.topology);
  return forward_before_inverse(fwd, net.stages - 1 - s, t);
}

}  // namespace wiring
}  // namespace a2a
