// The relay planner for a faulty switch in networks whose straight configuration is
// not the identity (baseline, banyan and their reverses): round r sends port u to
// P(u) ^ e_r, P a bit permutation, so the closed-form relay designs of the
// translation networks (relay_chain.hpp, block_relay.hpp) do not apply: a relay
// enters at output p and leaves from P(p), which mixes the coordinates they rely on.
//
// The plan is greedy and store-and-forward: every extra round picks the vector e
// (any of the N stage words) that moves the most messages, counting
//  - forwards: relays holding a message whose final destination is P(relay) ^ e;
//  - first hops: sources of A with messages left whose relay P(i) ^ e lies outside A
//    and B (so neither hop crosses the fault).
// Each first hop takes, among the source's remaining outputs, the one whose forward
// vector already has the most messages waiting (so forwards bunch into few rounds).
// The per-vector counts are kept incrementally: O(N) per round, O(N * rounds) in all.
// Every plan is verified at switch level by the tests and docs/examples/fault_table.cpp.
// A plan stops at 3N extra rounds (fault_plan_too_long); the paper's bounds allow 2N
// (stage 1, n-2) and N (other stages). Above them the planner also tries a "steal" and
// the caller the time-reversed problem (baseline N = 16, docs/fault-tolerance.md).
//
// Storage is the caller's (no heap, a2a/fault/plan_storage.hpp):
// SingleFaultPlanStorage<MaxPorts>, or any PlanStorageSpan of large enough arrays. The
// finished plan keeps, per extra round, its vector and its hops sorted by port, so a
// send is a binary search (O(log N)).
#pragma once

#include <array>
#include <cstdint>
#include <span>

#include "a2a/fault/detail/translation_rounds.hpp"
#include "a2a/fault/plan_meter.hpp"
#include "a2a/fault/plan_storage.hpp"
#include "a2a/status.hpp"

namespace a2a {

namespace detail {
/// Heap sort of `count` elements known by index: less(x, y) compares, swap(x, y)
/// exchanges (in place, O(k log k), no recursion).
template <class Less, class Swap>
constexpr void heap_sort(std::uint32_t count, Less less, Swap swap) {
  auto sift = [&](std::uint32_t root, std::uint32_t size) {
    while (2 * root + 1 < size) {
      std::uint32_t child = 2 * root + 1;
      if (child + 1 < size && less(child, child + 1)) ++child;
      if (!less(root, child)) return;
      swap(root, child);
      root = child;
    }
  };
  for (std::uint32_t k = count / 2; k-- > 0;) sift(k, count);
  for (std::uint32_t size = count; size > 1; --size) {
    swap(0, size - 1);
    sift(0, size - 1);
  }
}
/// Heap sort of hops[begin, end) by port: a finished plan's rounds, so that a send is
/// a binary search (every planner).
constexpr void sort_hops_by_port(std::span<RelayHop> hops, std::uint32_t begin, std::uint32_t end) {
  heap_sort(
      end - begin, [&](std::uint32_t x, std::uint32_t y) { return hops[begin + x].port < hops[begin + y].port; },
      [&](std::uint32_t x, std::uint32_t y) {
        const RelayHop t = hops[begin + x];
        hops[begin + x] = hops[begin + y];
        hops[begin + y] = t;
      });
}
/// Appends the hop (port sends origin's message for final_destination) at hops[count++].
constexpr void append_hop(std::span<RelayHop> hops, std::uint32_t& count, std::uint32_t port, std::uint32_t origin,
                          std::uint32_t final_destination) {
  hops[count++] = RelayHop{static_cast<std::uint16_t>(port), static_cast<std::uint16_t>(origin),
                           static_cast<std::uint16_t>(final_destination)};
}
/// The forwards of one round, as both planners keep their waiting messages: a bucket per
/// vector, a list from `head` through next(m) (-1 ends it). Each message whose relay has
/// not sent in this round (its stamp, busy(relay), is not `stamp`) is sent with send(m)
/// and unlinked, so one per relay; the others keep waiting, in order. Returns how many went.
template <class Next, class RelayOf, class Busy, class Send>
constexpr std::uint32_t forward_bucket(std::int32_t& head, std::int32_t stamp, Next next, RelayOf relay_of, Busy busy,
                                       Send send) {
  std::uint32_t sent = 0;
  std::int32_t prev = -1;
  for (std::int32_t m = head; m != -1;) {
    const auto message = static_cast<std::uint32_t>(m);
    const std::int32_t after = next(message);
    std::int32_t& relay_stamp = busy(relay_of(message));
    if (relay_stamp == stamp) {
      prev = m;  // this relay already forwards in this round: keep it waiting
    } else {
      relay_stamp = stamp;
      send(message);
      (prev == -1 ? head : next(static_cast<std::uint32_t>(prev))) = after;
      ++sent;
    }
    m = after;
  }
  return sent;
}
/// A plan made for processors relabeled u ^ c, back to the real numbering (both
/// planners): extra round vectors e ^ shift (shift = P(c) ^ c), every hop's processors
/// ^ c, then each of the regular + extra rounds' hops sorted by port again.
constexpr void unrelabel_plan(const PlanStorageSpan& storage, std::uint32_t regular, std::uint32_t extra,
                              std::uint32_t c, std::uint32_t shift, const PlanMeter* meter = nullptr) {
  for (std::uint32_t t = 0; t < extra; ++t) storage.vectors[t] ^= shift;
  const std::uint32_t total = regular + extra;
  const std::uint32_t hop_count = storage.offsets[total];
  for (std::uint32_t h = 0; h < hop_count; ++h) {
    RelayHop& hop = storage.hops[h];
    hop.port = static_cast<std::uint16_t>(hop.port ^ c);
    hop.origin = static_cast<std::uint16_t>(hop.origin ^ c);
    hop.final_destination = static_cast<std::uint16_t>(hop.final_destination ^ c);
  }
  for (std::uint32_t g = 0; g < total; ++g) {
    checkpoint(meter);  // a round's sort: O(k log k) for its k <= N hops
    sort_hops_by_port(storage.hops, storage.offsets[g], storage.offsets[g + 1]);
  }
}
}  // namespace detail

/// A finished plan (read-only view into the storage). Rounds are numbered globally:
/// g < regular() are the N regular rounds (hops only where a regular slot carries a relayed
/// message instead of its direct one), then the extra rounds.
class RelayPlan {
 public:
  constexpr RelayPlan() = default;
  /// The plan a planner wrote into `s`: `rounds` extra rounds after `regular` regular ones.
  static constexpr RelayPlan view(const PlanStorageSpan& s, std::uint32_t rounds, std::uint32_t regular) {
    RelayPlan plan;
    plan.vectors_ = s.vectors.first(rounds);
    plan.offsets_ = s.offsets.first(regular + rounds + 1);
    plan.hops_ = s.hops.first(s.offsets[regular + rounds]);
    plan.rounds_ = rounds;
    plan.regular_ = regular;
    return plan;
  }
  [[nodiscard]] constexpr std::uint32_t rounds() const { return rounds_; }  ///< extra rounds
  [[nodiscard]] constexpr std::uint32_t regular() const { return regular_; }
  [[nodiscard]] constexpr std::uint32_t vector(std::uint32_t r) const { return vectors_[r]; }  ///< extra round r
  /// Every hop of global round g, sorted by port.
  [[nodiscard]] constexpr std::span<const RelayHop> hops_of(std::uint32_t g) const {
    return hops_.subspan(offsets_[g], offsets_[g + 1] - offsets_[g]);
  }
  /// The hop `port` sends in global round g (false: none planned).
  [[nodiscard]] constexpr bool find(std::uint32_t g, std::uint32_t port, RelayHop& hop) const {
    std::uint32_t lo = offsets_[g];
    std::uint32_t hi = offsets_[g + 1];
    while (lo < hi) {
      const std::uint32_t mid = lo + (hi - lo) / 2;
      if (hops_[mid].port < port) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    if (lo == offsets_[g + 1] || hops_[lo].port != port) return false;
    hop = hops_[lo];
    return true;
  }

 private:
  friend class SingleFaultPlanner;
  std::span<const std::uint32_t> vectors_{};
  std::span<const std::uint32_t> offsets_{};
  std::span<const RelayHop> hops_{};
  std::uint32_t rounds_{0};
  std::uint32_t regular_{0};
};

/// The blocked set A x B and the straight permutation P of one fault.
struct SingleFaultProblem : detail::TranslationRounds {
  std::uint32_t ports{0};
  std::uint32_t fixed_a{0};  ///< the source bits A fixes
  std::uint32_t a{0};
  std::uint32_t fixed_b{0};  ///< the output bits B fixes
  std::uint32_t b{0};
  std::uint32_t bound{0};  ///< total rounds wanted (paper 004's bound): steals tried above it
  [[nodiscard]] constexpr bool in_a(std::uint32_t u) const { return (u & fixed_a) == a; }
  [[nodiscard]] constexpr bool in_b(std::uint32_t u) const { return (u & fixed_b) == b; }
};

}  // namespace a2a
