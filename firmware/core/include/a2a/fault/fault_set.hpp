// A set of faults of a binary unique-path MIN (omega, baseline, banyan, their reverses,
// GSEN with N = 2^n) and what it blocks.
//
// Three kinds of fault, numbered as in docs/conventions.md:
//  - SwitchFault{stage, switch_index}: switching element switch_index of stage `stage`
//    (0 = input side) carries nothing.
//  - StuckFault{stage, switch_index, state}: the element stays in `state` (0 straight,
//    1 cross) whatever it is set to. A pair whose path wants that state there passes;
//    one that wants the other state is blocked. In a stage-controlled round the state a
//    pair wants at stage s is one bit of the source XOR one bit of the destination, so
//    the blocked half of the switch's rectangle is two rectangles (N pairs, not 2N):
//    a stuck switch is two entries of the map below.
//  - LinkFault{stage, terminal}: the link that leaves stage `stage` (0 <= stage <= n-2)
//    on terminal `terminal` of the column behind it, i.e. the terminal
//    wiring::after_stage(net, stage, d * switch + port) names (after the stage's fixed
//    wiring, before stage + 1's) is dead. route() passes it when its running terminal
//    equals `terminal` right after stage `stage`.
//
// In these networks round word x sends port u to P(u) ^ E(x) through bit permutations
// only, so the path i -> j is unique, and the pairs whose path uses one fault form a
// rectangle A x B of cosets of coordinate subspaces (BlockedPairs): A = the sources that
// can reach the fault, B = the outputs it can reach. A switch of stage s: |A| = 2^(s+1),
// |B| = 2^(n-s), 2N pairs; a link behind stage s: |A| = 2^(s+1), |B| = 2^(n-1-s), N
// pairs. FaultMap holds one rectangle per fault (a few words, no table of size N):
// crosses(i, j) is O(faults). Whether a processor is cut off (cannot send to anyone,
// or receive from anyone) is decided exactly by inclusion-exclusion over the
// rectangles (O(2^faults), no scan); whether a blocked pair has a two-hop relay
// i -> p -> j (both hops fault-free) by the cheaper of inclusion-exclusion and a scan
// of the N processors.
#pragma once

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <span>

#include "a2a/fault/detail/bit_images.hpp"
#include "a2a/fault/plan_meter.hpp"
#include "a2a/limits.hpp"
#include "a2a/route.hpp"
#include "a2a/status.hpp"
#include "a2a/topology.hpp"

namespace a2a {

/// One faulty switching element: stage (0 = input side) and switch index.
struct SwitchFault {
  std::uint32_t stage{0};
  std::uint32_t switch_index{0};
  friend constexpr bool operator==(const SwitchFault&, const SwitchFault&) = default;
};

/// One dead link: the one leaving stage `stage` (0 .. n-2) on terminal `terminal`
/// (0 .. N-1) of the column behind that stage (wiring::after_stage's numbering).
struct LinkFault {
  std::uint32_t stage{0};
  std::uint32_t terminal{0};
  friend constexpr bool operator==(const LinkFault&, const LinkFault&) = default;
};

/// One switching element stuck in `state` (0 straight, 1 cross): it serves only the
/// paths that want that state.
struct StuckFault {
  std::uint32_t stage{0};
  std::uint32_t switch_index{0};
  std::uint32_t state{0};
  friend constexpr bool operator==(const StuckFault&, const StuckFault&) = default;
};

/// The faults of a network, size-erased: views of the caller's lists.
struct FaultSetView {
  std::span<const SwitchFault> switches{};
  std::span<const LinkFault> links{};
  std::span<const StuckFault> stuck{};
  [[nodiscard]] constexpr std::size_t size() const { return switches.size() + links.size() + stuck.size(); }
  [[nodiscard]] constexpr bool empty() const { return size() == 0; }
};

/// A fault list of fixed capacity (switches and links together).
template <std::size_t Capacity = kMaxFaults>
class FaultSet {
  static_assert(Capacity < 256, "a fault set's counts are bytes");

 public:
  /// Errors: faults_too_many (full), fault_duplicate (already listed). Ranges are
  /// checked against a network by check_faults() / FaultMap::make().
  constexpr Errc add(SwitchFault f) {
    for (std::size_t k = 0; k < switch_count_; ++k)
      if (switches_[k] == f) return Errc::fault_duplicate;
    if (size() == Capacity) return Errc::faults_too_many;
    switches_[switch_count_++] = f;
    return Errc::ok;
  }
  constexpr Errc add(LinkFault f) {
    for (std::size_t k = 0; k < link_count_; ++k)
      if (links_[k] == f) return Errc::fault_duplicate;
    if (size() == Capacity) return Errc::faults_too_many;
    links_[link_count_++] = f;
    return Errc::ok;
  }
  constexpr Errc add(StuckFault f) {
    for (std::size_t k = 0; k < stuck_count_; ++k)
      if (stuck_[k].stage == f.stage && stuck_[k].switch_index == f.switch_index) return Errc::fault_duplicate;
    if (size() == Capacity) return Errc::faults_too_many;
    stuck_[stuck_count_++] = f;
    return Errc::ok;
  }
  constexpr void clear() { switch_count_ = link_count_ = stuck_count_ = 0; }
  [[nodiscard]] constexpr std::size_t size() const {
    return std::size_t{switch_count_} + std::size_t{link_count_} + std::size_t{stuck_count_};
  }
  [[nodiscard]] constexpr FaultSetView view() const {
    return {std::span<const SwitchFault>(switches_).first(switch_count_),
            std::span<const LinkFault>(links_).first(link_count_),
            std::span<const StuckFault>(stuck_).first(stuck_count_)};
  }

 private:
  std::array<SwitchFault, Capacity> switches_{};
  std::array<LinkFault, Capacity> links_{};
  std::array<StuckFault, Capacity> stuck_{};
  // Counts of a few faults (Capacity < 256): small beside the lists, on small boards' RAM.
  std::uint8_t switch_count_{0};
  std::uint8_t link_count_{0};
  std::uint8_t stuck_count_{0};
};

/// The pairs (i, j) whose unique path uses one fault: (i & fixed_a) == a and (j & fixed_b) == b.
struct BlockedPairs {
  std::uint32_t fixed_a{0};
  std::uint32_t a{0};
  std::uint32_t fixed_b{0};
  std::uint32_t b{0};
  [[nodiscard]] constexpr bool source(std::uint32_t i) const { return (i & fixed_a) == a; }
  [[nodiscard]] constexpr bool output(std::uint32_t j) const { return (j & fixed_b) == b; }
  [[nodiscard]] constexpr bool contains(std::uint32_t i, std::uint32_t j) const { return source(i) && output(j); }
  friend constexpr bool operator==(const BlockedPairs&, const BlockedPairs&) = default;
};

/// How a pair (origin, destination) can be delivered under a fault set.
enum class PairReach : std::uint8_t {
  direct,            ///< its unique path is fault-free
  relay,             ///< blocked, but some p has i -> p and p -> j fault-free
  cut_off_sender,    ///< the origin reaches no output at all
  cut_off_receiver,  ///< no source reaches the destination at all
  separated,         ///< neither, yet no two-hop relay exists
};
constexpr bool deliverable(PairReach r) { return r == PairReach::direct || r == PairReach::relay; }

/// A pair that cannot be delivered, and why (found == false: there is none).
struct UndeliverablePair {
  bool found{false};
  std::uint32_t origin{0};
  std::uint32_t destination{0};
  PairReach reason{PairReach::direct};
};

/// Is the network one whose faults this header can describe (d = 2, N = 2^n >= 4, a
/// banyan-type MIN: not the shift network)?
constexpr bool faults_describable(const Network& net) {
  return net.radix == 2 && net.topology != Topology::shift && net.ports >= 4 &&
         (std::uint32_t{1} << net.stages) == net.ports;
}

/// Checks a fault list against a network: faults_not_supported (not a binary 2^n
/// unique-path MIN), faults_too_many (more than kMaxFaults, a stuck switch counting twice), fault_out_of_range,
/// link_fault_out_of_range, fault_duplicate (also a switch listed stuck twice, or stuck and
/// dead), state_out_of_range (a stuck state >= d).
constexpr Errc check_faults(const Network& net, FaultSetView faults) {
  if (!faults_describable(net)) return Errc::faults_not_supported;
  // A stuck switch is two rectangles of the map: it takes two of the kMaxFaults slots.
  if (faults.size() + faults.stuck.size() > kMaxFaults) return Errc::faults_too_many;
  for (std::size_t k = 0; k < faults.switches.size(); ++k) {
    const SwitchFault f = faults.switches[k];
    if (f.stage >= net.stages || f.switch_index >= net.switches_per_stage()) return Errc::fault_out_of_range;
    for (std::size_t m = 0; m < k; ++m)
      if (faults.switches[m] == f) return Errc::fault_duplicate;
  }
  for (std::size_t k = 0; k < faults.links.size(); ++k) {
    const LinkFault f = faults.links[k];
    if (f.stage + 1 >= net.stages || f.terminal >= net.ports) return Errc::link_fault_out_of_range;
    for (std::size_t m = 0; m < k; ++m)
      if (faults.links[m] == f) return Errc::fault_duplicate;
  }
  for (std::size_t k = 0; k < faults.stuck.size(); ++k) {
    const StuckFault f = faults.stuck[k];
    if (f.stage >= net.stages || f.switch_index >= net.switches_per_stage()) return Errc::fault_out_of_range;
    if (f.state >= net.radix) return Errc::state_out_of_range;
    // One element, one fault: stuck twice, or stuck and dead, is a contradiction.
    for (std::size_t m = 0; m < k; ++m)
      if (faults.stuck[m].stage == f.stage && faults.stuck[m].switch_index == f.switch_index)
        return Errc::fault_duplicate;
    for (const SwitchFault& dead : faults.switches)
      if (dead.stage == f.stage && dead.switch_index == f.switch_index) return Errc::fault_duplicate;
  }
  return Errc::ok;
}

namespace detail {
constexpr std::uint32_t fault_popcount(std::uint32_t x) {
  std::uint32_t c = 0;
  for (; x != 0; x &= x - 1) ++c;
  return c;
}
/// |union of the cosets| (mask, value) over n bits, by inclusion-exclusion (k <= 16).
constexpr std::uint64_t union_size(std::span<const std::uint32_t> masks, std::span<const std::uint32_t> values,
                                   std::uint32_t k, std::uint32_t n) {
  std::int64_t total = 0;
  for (std::uint32_t subset = 1; subset < (std::uint32_t{1} << k); ++subset) {
    std::uint32_t mask = 0;
    std::uint32_t value = 0;
    bool empty = false;
    for (std::uint32_t t = 0; t < k && !empty; ++t) {
      if (((subset >> t) & 1U) == 0) continue;
      empty = ((value ^ values[t]) & mask & masks[t]) != 0;
      mask |= masks[t];
      value |= values[t];
    }
    if (empty) continue;
    const auto size = static_cast<std::int64_t>(std::uint64_t{1} << (n - fault_popcount(mask)));
    total += (fault_popcount(subset) % 2 == 1) ? size : -size;
  }
  return static_cast<std::uint64_t>(total);
}
/// The u in 0 .. 31 with (u & mask) == (value & mask) over the low five bits, as bits:
/// a coset's members among 32 consecutive numbers whose high bits match it.
constexpr std::uint32_t low_pattern(std::uint32_t mask, std::uint32_t value) {
  std::uint32_t pattern = 1;  // over the low 0 bits: u = 0
  for (std::uint32_t t = 0; t < 5; ++t) {
    const std::uint32_t width = std::uint32_t{1} << t;
    if (((mask >> t) & 1U) == 0)
      pattern |= pattern << width;  // bit t free: both halves
    else if (((value >> t) & 1U) != 0)
      pattern <<= width;  // bit t fixed to 1: the upper half
  }
  return pattern;
}
/// Rectangle r's sources (as_source) or outputs among u = base .. base + 31 (base a
/// multiple of 32), bit u - base: `low` (low_pattern of its fixed bits) where the high
/// fixed bits match, else none. The planners count relays 32 at a time with it.
constexpr std::uint32_t coset_word(const BlockedPairs& r, bool as_source, std::uint32_t low, std::uint32_t base) {
  const std::uint32_t fixed = as_source ? r.fixed_a : r.fixed_b;
  const std::uint32_t value = as_source ? r.a : r.b;
  return ((base ^ value) & fixed & ~std::uint32_t{31}) != 0 ? 0U : low;
}
}  // namespace detail

/// A validated fault set compiled to its blocked rectangles (one per fault, in list
/// order: switches, then links; then two per stuck switch). Holds no reference to the caller's lists.
class FaultMap {
 public:
  constexpr FaultMap() = default;

  /// Validates (check_faults) and computes every fault's rectangle: O(n log n) wiring
  /// calls and O(n^2) look-ups each.
  static constexpr Result<FaultMap> make(const Network& net, FaultSetView faults) {
    A2A_TRY(check_faults(net, faults));
    FaultMap m;
    m.net_ = net;
    // The networks are bit permutations, so all is linear (detail::bit_images); without
    // switch or link faults nothing else checks that every block permutes bits.
    if (faults.switches.empty() && faults.links.empty()) {
      detail::BitImages images;
      if (!detail::bit_images(net, 0, false, images)) return Errc::faults_not_supported;
    }
    for (const SwitchFault f : faults.switches) {
      auto r = m.rectangle(f.stage, false, 2 * f.switch_index);
      A2A_TRY(r);
      m.blocked_[m.count_++] = *r;
    }
    for (const LinkFault f : faults.links) {
      auto r = m.rectangle(f.stage, true, f.terminal);
      A2A_TRY(r);
      m.blocked_[m.count_++] = *r;
    }
    for (const StuckFault f : faults.stuck) A2A_TRY(m.add_stuck(f));
    return m;
  }

  [[nodiscard]] constexpr Network network() const { return net_; }
  [[nodiscard]] constexpr std::uint32_t count() const { return count_; }
  [[nodiscard]] constexpr BlockedPairs blocked(std::uint32_t k) const { return blocked_[k]; }

  /// The same faults with every processor u renamed u ^ c (sources and outputs alike).
  [[nodiscard]] constexpr FaultMap relabeled(std::uint32_t c) const {
    FaultMap m = *this;
    for (std::uint32_t k = 0; k < count_; ++k) {
      m.blocked_[k].a ^= c & m.blocked_[k].fixed_a;
      m.blocked_[k].b ^= c & m.blocked_[k].fixed_b;
    }
    return m;
  }
  /// The faults of the exchange run backwards: (i, j) blocked here iff (j, i) blocked there.
  [[nodiscard]] constexpr FaultMap transposed() const {
    FaultMap m = *this;
    for (std::uint32_t k = 0; k < count_; ++k)
      m.blocked_[k] = {blocked_[k].fixed_b, blocked_[k].b, blocked_[k].fixed_a, blocked_[k].a};
    return m;
  }

  /// Does the unique path i -> j use a faulty switch or a dead link? O(faults).
  [[nodiscard]] constexpr bool crosses(std::uint32_t i, std::uint32_t j) const {
    for (std::uint32_t k = 0; k < count_; ++k)
      if (blocked_[k].contains(i, j)) return true;
    return false;
  }
  /// Processor i reaches no output (every path from it is blocked). O(2^faults).
  [[nodiscard]] constexpr bool cannot_send(std::uint32_t i) const { return covers(i, true); }
  /// No source reaches output j. O(2^faults).
  [[nodiscard]] constexpr bool cannot_receive(std::uint32_t j) const { return covers(j, false); }

  /// Is p a relay for (i, j): both hops fault-free?
  [[nodiscard]] constexpr bool relays(std::uint32_t i, std::uint32_t p, std::uint32_t j) const {
    return !crosses(i, p) && !crosses(p, j);
  }
  /// Does some p relay (i, j)? The cheaper of inclusion-exclusion over the relays the
  /// faults rule out and a scan of the N processors.
  [[nodiscard]] constexpr bool relay_exists(std::uint32_t i, std::uint32_t j) const {
    std::array<std::uint32_t, 2 * kMaxFaults> masks{};
    std::array<std::uint32_t, 2 * kMaxFaults> values{};
    std::uint32_t k = 0;
    for (std::uint32_t f = 0; f < count_; ++f) {
      const BlockedPairs& r = blocked_[f];
      if (r.source(i)) masks[k] = r.fixed_b, values[k++] = r.b;  // i -> p blocked for p in B
      if (r.output(j)) masks[k] = r.fixed_a, values[k++] = r.a;  // p -> j blocked for p in A
    }
    if ((std::uint64_t{1} << k) <= net_.ports) return detail::union_size(masks, values, k, net_.stages) < net_.ports;
    for (std::uint32_t p = 0; p < net_.ports; ++p)
      if (relays(i, p, j)) return true;
    return false;
  }
  /// How (i, j) can be delivered, or why not (cut-off sender first, then receiver).
  [[nodiscard]] constexpr PairReach reach(std::uint32_t i, std::uint32_t j) const {
    if (!crosses(i, j)) return PairReach::direct;
    if (relay_exists(i, j)) return PairReach::relay;
    if (cannot_send(i)) return PairReach::cut_off_sender;
    if (cannot_receive(j)) return PairReach::cut_off_receiver;
    return PairReach::separated;
  }
  /// reach(i, j) for every j >= first whose path from i crosses a fault (every other j is
  /// direct), in increasing j: visit(j, reach) returns false to stop; true if it did. For
  /// such a pair reach depends only on the rectangles holding i as a source and j as an
  /// output, so it is computed once per class of j; the j come 32 at a time as bit sets
  /// (each rectangle's outputs among them: low_pattern, or none). O(N / 32 x rectangles)
  /// plus O(rectangles) per crossing j: a row of reach() calls costs about a tenth.
  /// `meter`: a checkpoint per 32 j (no step).
  template <class Visit>
  constexpr bool scan_row(std::uint32_t i, std::uint32_t first, Visit&& visit, const PlanMeter* meter = nullptr) const {
    std::uint32_t from_i = 0;
    std::array<std::uint32_t, kMaxFaults> low{};
    for (std::uint32_t f = 0; f < count_; ++f) {
      if (blocked_[f].source(i)) from_i |= std::uint32_t{1} << f;
      low[f] = detail::low_pattern(blocked_[f].fixed_b, blocked_[f].b);
    }
    if (from_i == 0) return false;
    std::array<std::uint8_t, std::size_t{1} << kMaxFaults> known{};  // by class: 1 + reach, 0 not yet
    std::array<std::uint32_t, kMaxFaults> outputs{};                 // rectangle f's outputs among base .. base + 31
    for (std::uint32_t base = first & ~std::uint32_t{31}; base < net_.ports; base += 32) {
      detail::checkpoint(meter);
      std::uint32_t crossing = 0;
      for (std::uint32_t f = 0; f < count_; ++f) {
        const BlockedPairs& r = blocked_[f];
        outputs[f] = ((base ^ r.b) & r.fixed_b & ~std::uint32_t{31}) == 0 ? low[f] : 0U;
        if (((from_i >> f) & 1U) != 0) crossing |= outputs[f];
      }
      if (first > base) crossing &= ~std::uint32_t{0} << (first - base);
      if (net_.ports - base < 32) crossing &= (std::uint32_t{1} << (net_.ports - base)) - 1U;
      for (; crossing != 0; crossing &= crossing - 1) {
        const auto bit = static_cast<std::uint32_t>(std::countr_zero(crossing));
        std::uint32_t c = 0;  // j's class: the rectangles whose outputs hold it
        for (std::uint32_t f = 0; f < count_; ++f) c |= ((outputs[f] >> bit) & 1U) << f;
        if (known[c] == 0) known[c] = static_cast<std::uint8_t>(1U + static_cast<std::uint32_t>(reach(i, base + bit)));
        if (!visit(base + bit, static_cast<PairReach>(known[c] - 1U))) return true;
      }
    }
    return false;
  }

  /// The first undeliverable pair strictly after (origin, destination) in the order
  /// origin-major (start with next_undeliverable() for the very first). Only sources
  /// some fault blocks are scanned: O(|blocked sources| * N * faults) at most.
  /// `meter`: a checkpoint per blocked source scanned (plan_meter.hpp; no step).
  [[nodiscard]] constexpr UndeliverablePair next_undeliverable(std::uint32_t origin = 0, std::uint32_t destination = 0,
                                                               bool after = false,
                                                               const PlanMeter* meter = nullptr) const {
    std::uint32_t j = destination + (after ? 1U : 0U);
    for (std::uint32_t i = origin; i < net_.ports; ++i, j = 0) {
      bool blocked = false;
      for (std::uint32_t f = 0; f < count_; ++f) blocked = blocked || blocked_[f].source(i);
      if (!blocked) continue;
      detail::checkpoint(meter);
      UndeliverablePair found{};
      if (scan_row(
              i, j,
              [&](std::uint32_t at, PairReach r) {
                if (deliverable(r)) return true;
                found = {true, i, at, r};
                return false;
              },
              meter))
        return found;
    }
    return {};
  }
  /// The pair after `p` (p from next_undeliverable / next_after).
  [[nodiscard]] constexpr UndeliverablePair next_after(const UndeliverablePair& p) const {
    return next_undeliverable(p.origin, p.destination, true);
  }

 private:
  /// The rectangle of a switch (column in front of its switches, `target` = 2 * switch,
  /// the port bit free) or a link (column behind stage s, `target` = the terminal).
  [[nodiscard]] constexpr Result<BlockedPairs> rectangle(std::uint32_t s, bool link, std::uint32_t target) const {
    detail::BitImages images;
    if (!detail::bit_images(net_, s, link, images)) return Errc::faults_not_supported;
    return rectangle(images, s, link, target);
  }
  /// The same from the images of the source bits and the flips at its column (every
  /// path is linear in its source and word: bit permutations, XOR flips).
  [[nodiscard]] constexpr Result<BlockedPairs> rectangle(const detail::BitImages& images, std::uint32_t s, bool link,
                                                         std::uint32_t target) const {
    const std::uint32_t n = net_.stages;
    const auto& flip_column = images.flip_column;
    const auto& flip_output = images.flip_output;
    const auto& source_column = images.source_column;
    const auto& source_output = images.source_output;
    std::uint32_t free_terminal = link ? 0U : 1U;  // what the stages before the point can change
    const std::uint32_t before = link ? s + 1 : s;
    for (std::uint32_t k = 0; k < before; ++k) free_terminal |= flip_column[k];
    BlockedPairs r;
    for (std::uint32_t b = 0; b < n; ++b) {
      const std::uint32_t image = source_column[b];
      if (detail::fault_popcount(image) != 1) return Errc::faults_not_supported;
      if ((image & free_terminal) != 0) continue;
      r.fixed_a |= std::uint32_t{1} << b;
      if ((image & target) != 0) r.a |= std::uint32_t{1} << b;
    }
    // One path through the point: source a, steered onto it by the stages before it.
    std::uint32_t off = 0;
    for (std::uint32_t b = 0; b < n; ++b)
      if (((r.a >> b) & 1U) != 0) off ^= source_column[b];
    off = (off ^ target) & (link ? ~0U : ~1U);
    // Source a steered by the flips `steer` (stages k): its column and output, by linearity.
    std::uint32_t through_column = 0;
    std::uint32_t through_output = 0;
    for (std::uint32_t b = 0; b < n; ++b) {
      if (((r.a >> b) & 1U) == 0) continue;
      through_column ^= source_column[b];
      through_output ^= source_output[b];
    }
    for (std::uint32_t k = 0; k < before; ++k) {
      if ((off & flip_column[k]) == 0) continue;
      through_column ^= flip_column[k];
      through_output ^= flip_output[k];
    }
    if ((through_column & (link ? ~0U : ~1U)) != (target & (link ? ~0U : ~1U))) return Errc::faults_not_supported;
    std::uint32_t free_b = 0;
    for (std::uint32_t k = before; k < n; ++k) free_b |= flip_output[k];
    r.fixed_b = (net_.ports - 1) & ~free_b;
    r.b = through_output & r.fixed_b;
    return r;
  }
  /// A stuck switch: the half of its rectangle that wants the other state, as (at most)
  /// two rectangles. Round word x sends u to P(u) ^ E(x); stage s's flip E(1 << s) is
  /// one output bit c, so the state a pair (i, j) wants at stage s is bit c of
  /// P(i) ^ j: i's bit b (P(1 << b) = 1 << c) XOR j's bit c. Blocked: i_b ^ j_c != state,
  /// i.e. (i_b, j_c) = (v, v ^ !state) for v = 0, 1.
  constexpr Errc add_stuck(StuckFault f) {
    detail::BitImages images;
    if (!detail::bit_images(net_, f.stage, false, images)) return Errc::faults_not_supported;
    auto whole = rectangle(images, f.stage, false, 2 * f.switch_index);
    A2A_TRY(whole);
    const std::uint32_t c_bit = images.flip_output[f.stage];  // one bit
    std::uint32_t b_bit = 0;
    for (std::uint32_t b = 0; b < net_.stages; ++b)
      if (images.source_output[b] == c_bit) b_bit = std::uint32_t{1} << b;
    if (b_bit == 0) return Errc::faults_not_supported;
    for (std::uint32_t v = 0; v < 2; ++v) {
      const std::uint32_t want_j = v ^ (f.state == 0 ? 1U : 0U);
      BlockedPairs r = *whole;
      if ((r.fixed_a & b_bit) != 0 && ((r.a & b_bit) != 0) != (v != 0)) continue;  // i_b fixed to the other value
      if ((r.fixed_b & c_bit) != 0 && ((r.b & c_bit) != 0) != (want_j != 0)) continue;
      r.fixed_a |= b_bit;
      r.a = (r.a & ~b_bit) | (v != 0 ? b_bit : 0U);
      r.fixed_b |= c_bit;
      r.b = (r.b & ~c_bit) | (want_j != 0 ? c_bit : 0U);
      blocked_[count_++] = r;
    }
    return Errc::ok;
  }
  /// Do the rectangles through x (as a source if `as_source`, else as an output) cover
  /// every partner?
  [[nodiscard]] constexpr bool covers(std::uint32_t x, bool as_source) const {
    std::array<std::uint32_t, kMaxFaults> masks{};
    std::array<std::uint32_t, kMaxFaults> values{};
    std::uint32_t k = 0;
    for (std::uint32_t f = 0; f < count_; ++f) {
      const BlockedPairs& r = blocked_[f];
      if (as_source && r.source(x)) masks[k] = r.fixed_b, values[k++] = r.b;
      if (!as_source && r.output(x)) masks[k] = r.fixed_a, values[k++] = r.a;
    }
    return k > 0 && detail::union_size(masks, values, k, net_.stages) == net_.ports;
  }

  Network net_{};
  std::array<BlockedPairs, kMaxFaults> blocked_{};  // a stuck switch takes two
  std::uint32_t count_{0};
};

/// Does the unique path i -> j use a fault of the set? Builds the map each call (O(n log n)
/// wiring calls a fault): keep a FaultMap for repeated questions. Requires check_faults() ok.
constexpr bool crosses(const Network& net, FaultSetView faults, std::uint32_t i, std::uint32_t j) {
  return FaultMap::make(net, faults).value().crosses(i, j);
}

/// The first pair (origin-major order) that cannot be delivered, directly or by a
/// two-hop relay, and why (found == false: every pair can); or the check's error.
constexpr Result<UndeliverablePair> first_undeliverable(const Network& net, FaultSetView faults) {
  const auto map = FaultMap::make(net, faults);
  A2A_TRY(map);
  return map->next_undeliverable();
}

/// How the pair (i, j) can be delivered under the fault set (or the check's error).
constexpr Result<PairReach> pair_reach(const Network& net, FaultSetView faults, std::uint32_t i, std::uint32_t j) {
  const auto map = FaultMap::make(net, faults);
  A2A_TRY(map);
  if (i >= net.ports || j >= net.ports) return Errc::port_out_of_range;
  return map->reach(i, j);
}

}  // namespace a2a
