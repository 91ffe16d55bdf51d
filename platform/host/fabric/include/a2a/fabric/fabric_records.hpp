// What the simulated fabric observed: one Delivery per signal per round, and
// the tally of a whole exchange against the N x N ordered pairs.
#pragma once

#include <cstdint>
#include <vector>

namespace a2a::host {

/// One signal of one completed round.
struct Delivery {
  std::uint32_t round{0};               ///< ROUND_COUNTER value of the round (0 = first since reset)
  std::uint32_t source{0};              ///< input port it was injected at
  std::uint32_t output{0};              ///< network output where it arrived
  std::uint32_t header_destination{0};  ///< destination written in its PORT_HEADER
  std::uint32_t header_tag{0};          ///< forward tag written in its PORT_HEADER
  std::uint32_t tag_taken{0};           ///< output ports it actually took (stage 0 most significant)
  bool collided{false};                 ///< shared a switch output with another signal: garbled
  bool misrouted{false};                ///< output != header_destination
  bool flagged{false};                  ///< its round completed with a STATUS flag (conflict, fault, ...):
                                        ///< the controller treats that whole round as not delivered
  friend bool operator==(const Delivery&, const Delivery&) = default;
};

/// Ordered pairs (source, output) delivered by clean (not collided) signals.
struct ExchangeSummary {
  std::uint64_t expected{0};        ///< N * N
  std::uint64_t delivered{0};       ///< distinct pairs with at least one clean delivery
  std::uint64_t duplicates{0};      ///< clean deliveries of a pair already delivered
  std::uint64_t missing{0};         ///< expected - delivered
  std::uint64_t collided{0};        ///< signals garbled by a conflict
  std::uint64_t misrouted{0};       ///< signals that arrived elsewhere than their header said
  std::uint64_t tag_mismatches{0};  ///< signals whose header tag differs from the ports taken
  std::uint64_t out_of_range{0};    ///< deliveries naming a source or output >= N (summary for a wrong N)

  /// Every pair exactly once, nothing garbled or misrouted.
  [[nodiscard]] bool exact() const {
    return delivered == expected && duplicates == 0 && missing == 0 && collided == 0 && misrouted == 0 &&
           out_of_range == 0;
  }
};

inline ExchangeSummary summarize(const std::vector<Delivery>& deliveries, std::uint32_t ports) {
  ExchangeSummary sum;
  sum.expected = std::uint64_t{ports} * ports;
  std::vector<bool> seen(sum.expected, false);
  for (const Delivery& d : deliveries) {
    if (d.misrouted) ++sum.misrouted;
    if (d.header_tag != d.tag_taken) ++sum.tag_mismatches;
    if (d.collided) {
      ++sum.collided;
      continue;
    }
    if (d.source >= ports || d.output >= ports) {
      ++sum.out_of_range;
      continue;
    }
    const std::uint64_t pair = std::uint64_t{d.source} * ports + d.output;
    if (seen[pair]) {
      ++sum.duplicates;
    } else {
      seen[pair] = true;
      ++sum.delivered;
    }
  }
  sum.missing = sum.expected - sum.delivered;
  return sum;
}

}  // namespace a2a::host
