// GSEN with any even N (paper 000, Sections 3, 5 and 6): an exchange over a set of
// stage-control or alternating configurations, idle ports decided on the fly.
//
// Why ports must sometimes stay idle: for N != 2^n a GSEN is not unique-path. The
// pair (i, j) is reached by tag F and, when F < 2^n - N, also by F + N (Lemmas 3.3,
// 3.5). Under every word each input takes some tag, so running a set of words
// with every port sending would deliver some pairs twice. The rule, per round and
// port, with no table:
//   - the port's tag F (walked through the round's word) is < N: send; this is the
//     pair's smaller tag, or its only one;
//   - F >= N: the pair also has tag F - N. Send only if the word that gives this
//     input tag F - N (word_for_tag, the inverse walk) is NOT in the set.
// For all 2^n words the second case never sends: "send iff F < N". A pair is
// delivered exactly once if the set holds the word of at least one of its tags,
// and make() checks that for every pair of a restricted set (covers_all_pairs).
//
// A set is a few ranges of ranks (the paper's "8 ~ 19"); rank r is word r
// (natural order) or gray(r) = r xor (r >> 1) (gray order: one stage changes per
// round). Algorithm 4's A_0..A_{N-1} are the ranks 0..N-1 in gray order with the
// alternating pattern. The ranges are the caller's constant table (gsen_sets.hpp).
#pragma once

#include <cstdint>
#include <span>

#include "a2a/digits.hpp"
#include "a2a/gsen_paths.hpp"
#include "a2a/schedule.hpp"
#include "a2a/status.hpp"
#include "a2a/topology.hpp"

namespace a2a {

/// Consecutive ranks first..last, both included (the paper's "first ~ last").
struct RankRange {
  std::uint32_t first{0};
  std::uint32_t last{0};
};

/// Which configurations an exchange runs, and in which order: the ranks in
/// `ranges` or, with no ranges, the ranks 0 .. first_ranks - 1 (0: all 2^n); not both.
struct GsenConfigurations {
  GsenPattern pattern{GsenPattern::stage};
  RoundOrder order{RoundOrder::natural};
  std::span<const RankRange> ranges{};  ///< a constant table (the schedule keeps only the span)
  std::uint32_t first_ranks{0};
};

class GsenSetSchedule : public CheckedAccess<GsenSetSchedule> {
 public:
  /// One round: the configuration word(), applied with the schedule's pattern.
  class Round {
   public:
    constexpr Round() = default;
    [[nodiscard]] constexpr std::uint32_t index() const { return index_; }
    [[nodiscard]] constexpr std::uint32_t word() const { return word_; }
    [[nodiscard]] constexpr ControlMode control() const { return control_mode(pattern_); }
    [[nodiscard]] constexpr GsenPattern pattern() const { return pattern_; }
    /// a_s: the state of switch 0 of stage s (of every switch under stage control).
    [[nodiscard]] constexpr std::uint32_t stage_state(std::uint32_t stage) const {
      return walker_.switch_state(word_, stage, 0);
    }
    [[nodiscard]] constexpr std::uint32_t switch_state(std::uint32_t stage, std::uint32_t y) const {
      return walker_.switch_state(word_, stage, y);
    }

   private:
    friend class GsenSetSchedule;
    std::uint32_t index_{0};
    std::uint32_t word_{0};
    GsenPattern pattern_{GsenPattern::stage};
    GsenWalker walker_{};
  };

  constexpr GsenSetSchedule() = default;

  /// Checks the network (a GSEN), the ranges (non-empty, ascending, disjoint, < 2^n)
  /// and, for a restricted set, that every ordered pair is reached
  /// (O(N^2 (n + ranges)) once; all 2^n words always reach every pair).
  static constexpr Result<GsenSetSchedule> make(const Network& net, GsenConfigurations configs) {
    if (net.topology != Topology::gsen)
      return configs.pattern == GsenPattern::stage ? Errc::gsen_schedule_on_other_topology : Errc::schedule_needs_gsen;
    const std::uint32_t words = std::uint32_t{1} << net.stages;
    GsenSetSchedule s;
    s.net_ = net;
    s.configs_ = configs;
    s.walker_ = GsenWalker(net.ports, net.stages, configs.pattern);
    if (configs.first_ranks > (configs.ranges.empty() ? words : 0)) return Errc::schedule_set_malformed;
    s.rounds_ = s.range_count() == 0 ? words : 0;
    for (std::size_t k = 0; k < s.range_count(); ++k) {
      const RankRange r = s.range(k);
      if (r.first > r.last || r.last >= words || (k > 0 && r.first <= s.range(k - 1).last))
        return Errc::schedule_set_malformed;
      s.rounds_ += r.last - r.first + 1;
    }
    if (!s.covers_all_pairs()) return Errc::schedule_set_incomplete;
    return s;
  }

  [[nodiscard]] constexpr Network network() const { return net_; }
  [[nodiscard]] constexpr GsenConfigurations configurations() const { return configs_; }
  [[nodiscard]] constexpr bool all_configurations() const { return range_count() == 0; }
  [[nodiscard]] constexpr std::uint32_t rounds() const { return rounds_; }

  /// The configuration word of round r: the r-th rank of the set, in the set's order.
  [[nodiscard]] constexpr std::uint32_t word_of_round(std::uint32_t r) const {
    std::uint32_t rank = r;
    for (std::size_t k = 0; k < range_count(); ++k) {
      const RankRange ranks = range(k);
      const std::uint32_t size = ranks.last - ranks.first + 1;
      if (r < size) {
        rank = ranks.first + r;
        break;
      }
      r -= size;
    }
    return configs_.order == RoundOrder::gray ? rank ^ (rank >> 1) : rank;
  }

  /// Whether configuration `word` is one of the set's.
  [[nodiscard]] constexpr bool contains(std::uint32_t word) const {
    if (all_configurations()) return true;
    std::uint32_t rank = word;
    if (configs_.order == RoundOrder::gray)  // inverse Gray code: prefix XOR of the bits
      for (std::uint32_t shift = 1; shift < 32; shift *= 2) rank ^= rank >> shift;
    for (std::size_t k = 0; k < range_count(); ++k)
      if (rank >= range(k).first && rank <= range(k).last) return true;
    return false;
  }

  /// Round r (precondition r < rounds(); see checked_round for untrusted input).
  [[nodiscard]] constexpr Round round(std::uint32_t r) const {
    if (r >= rounds()) detail::contract_violation();
    Round round;
    round.index_ = r;
    round.word_ = word_of_round(r);
    round.pattern_ = configs_.pattern;
    round.walker_ = walker_;
    return round;
  }

  /// Port i in `round`: its walk gives destination and tag; it sends unless the
  /// pair's smaller tag F - N comes from a configuration of the set (see above).
  [[nodiscard]] constexpr PortSend send(const Round& round, std::uint32_t i) const {
    if (i >= net_.ports) detail::contract_violation();
    const GsenArrival a = walker_.arrive(i, round.word_);
    if (a.tag >= net_.ports && contains(walker_.word_for_tag(i, a.tag - net_.ports))) return {false, 0, 0};
    return {true, a.destination, a.tag};
  }

  /// Every pair (i, j) has a tag whose configuration is in the set: by j = (i 2^n + F)
  /// mod N, the tags of (i, j) are F = (j - i 2^n) mod N and, if F + N < 2^n, F + N.
  [[nodiscard]] constexpr bool covers_all_pairs() const {
    if (all_configurations()) return true;
    const std::uint32_t words = std::uint32_t{1} << net_.stages;
    for (std::uint32_t i = 0; i < net_.ports; ++i) {
      for (std::uint32_t tag = 0; tag < net_.ports; ++tag) {  // the smaller tag of each destination
        if (contains(walker_.word_for_tag(i, tag))) continue;
        if (tag + net_.ports < words && contains(walker_.word_for_tag(i, tag + net_.ports))) continue;
        return false;
      }
    }
    return true;
  }

 private:
  [[nodiscard]] constexpr std::size_t range_count() const {
    if (!configs_.ranges.empty()) return configs_.ranges.size();
    return configs_.first_ranks == 0 ? 0 : 1;
  }
  [[nodiscard]] constexpr RankRange range(std::size_t k) const {
    return configs_.ranges.empty() ? RankRange{0, configs_.first_ranks - 1} : configs_.ranges[k];
  }

  Network net_{};
  GsenConfigurations configs_{};
  GsenWalker walker_{};
  std::uint32_t rounds_{0};
};

static_assert(Schedule<GsenSetSchedule>);

}  // namespace a2a
