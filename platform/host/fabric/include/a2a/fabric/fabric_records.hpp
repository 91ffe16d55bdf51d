// What the simulated fabric observed: one Delivery per signal per round, and
// the DeliveryTally of a whole exchange against the N x N ordered pairs.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "a2a/delivery_tally.hpp"

namespace a2a::host {

/// One signal of one completed round.
struct Delivery {
  std::uint32_t round{0};               ///< ROUND_COUNTER value of the round (0 = first since reset)
  std::uint32_t source{0};              ///< input port it was injected at
  std::uint32_t output{0};              ///< network output where it arrived
  std::uint32_t header_destination{0};  ///< destination written in its PORT_HEADER
  std::uint32_t header_tag{0};          ///< forward tag written in its PORT_HEADER
  std::uint32_t tag_taken{0};           ///< output ports it actually took (stage 0 most significant)
  std::uint32_t origin{0};              ///< the message carried: PORT_MESSAGE in relay mode, else source
  std::uint32_t final_destination{0};   ///< ... and its final destination: PORT_MESSAGE, else output
  bool collided{false};                 ///< shared a switch output with another signal: garbled
  bool wrong_destination{false};        ///< output != header_destination (STATUS.MISROUTE)
  bool flagged{false};                  ///< its round completed with a STATUS flag (conflict, fault, ...):
                                        ///< the controller treats that whole round as not delivered
  friend bool operator==(const Delivery&, const Delivery&) = default;
};

/// What the recorded rounds delivered, as the one DeliveryTally, counted with the
/// one relay-aware accounting (DeliveryLedger) by each delivery's message: a
/// collided signal is garbled and counts as a conflict only; one that arrived at
/// no processor of the N (or a summary for a wrong N) counts as a misroute only.
/// Flagged rounds count too: a caller that wants what a controller accepted leaves
/// them out first.
inline DeliveryTally summarize(const std::vector<Delivery>& deliveries, std::uint32_t ports) {
  DeliveryTally tally;
  std::vector<std::uint32_t> delivered(pair_bitmap_words(ports)), held(pair_bitmap_words(ports));
  DeliveryLedger<> ledger(delivered, StoreBits(held, ports), ports);
  std::vector<const Delivery*> stored;  // hops into a store in the round at hand
  const auto end_round = [&] {
    for (const Delivery* d : stored) ledger.put(d->origin, d->final_destination, d->output, tally);
    stored.clear();
  };
  for (std::size_t k = 0; k < deliveries.size(); ++k) {
    const Delivery& d = deliveries[k];
    if (k > 0 && d.round != deliveries[k - 1].round) end_round();
    const bool misrouted = d.wrong_destination || d.header_tag != d.tag_taken;
    if (misrouted) ++tally.misroutes;
    if (d.collided) {
      ++tally.conflicts;
      continue;
    }
    if (d.source >= ports || d.output >= ports) {
      if (!misrouted) ++tally.misroutes;
      continue;
    }
    if (ledger.hop(d.source, d.output, d.origin, d.final_destination, tally) == HopOutcome::stored)
      stored.push_back(&d);
  }
  end_round();
  tally.missing = ledger.missing();
  return tally;
}

}  // namespace a2a::host
