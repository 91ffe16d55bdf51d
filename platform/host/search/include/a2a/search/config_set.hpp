// A set of network configurations with arbitrary switch states (what `a2a search`
// finds and the catalogue stores), and the exchange it gives: each round every
// input sends along the path the round's switches make for it, unless that pair
// was already served by an earlier round (then the input stays idle). Whether the
// set completes the exchange is decided by the core's check_exchange, switch by
// switch, never by the search's own bookkeeping.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "a2a/network.hpp"
#include "a2a/schedule.hpp"
#include "a2a/schedule_families.hpp"
#include "a2a/verify.hpp"

namespace a2a::search {

/// R configurations of a binary network: states[r][s * W + y] is switch y of stage s
/// in round r (0 straight, 1 cross), W = switches per stage.
struct ConfigSet {
  Network net{};
  std::vector<std::vector<std::uint8_t>> states;

  [[nodiscard]] std::uint32_t rounds() const { return static_cast<std::uint32_t>(states.size()); }
  [[nodiscard]] std::uint32_t switches() const { return net.stages * net.switches_per_stage(); }
  [[nodiscard]] std::uint32_t state(std::uint32_t r, std::uint32_t s, std::uint32_t y) const {
    return states[r][static_cast<std::size_t>(s) * net.switches_per_stage() + y];
  }
};

/// The exchange of a ConfigSet as a core Schedule, so check_exchange can judge it.
/// Which ports send is precomputed once with route() (the first round that takes
/// each pair); check_exchange then traces every round again with its own replay.
class SetSchedule : public CheckedAccess<SetSchedule> {
 public:
  class Round {
   public:
    [[nodiscard]] std::uint32_t switch_state(std::uint32_t s, std::uint32_t y) const {
      return set_->state(index_, s, y);
    }
    [[nodiscard]] std::uint32_t word() const { return index_; }
    [[nodiscard]] std::uint32_t index() const { return index_; }

   private:
    friend class SetSchedule;
    const ConfigSet* set_{nullptr};
    std::uint32_t index_{0};
  };

  /// `set` must outlive the schedule.
  explicit SetSchedule(const ConfigSet& set);

  [[nodiscard]] Network network() const { return set_->net; }
  [[nodiscard]] std::uint32_t rounds() const { return set_->rounds(); }
  [[nodiscard]] Round round(std::uint32_t r) const {
    Round round;
    round.set_ = set_;
    round.index_ = r;
    return round;
  }
  [[nodiscard]] PortSend send(const Round& round, std::uint32_t port) const {
    return sends_[static_cast<std::size_t>(round.index_) * set_->net.ports + port];
  }

 private:
  const ConfigSet* set_;
  std::vector<PortSend> sends_;
};

/// check_exchange over the set (storage on the heap: any N the core accepts).
[[nodiscard]] ExchangeCheck verify_set(const ConfigSet& set);

/// One line for a verdict: "1296/1296 pairs exactly once in 38 rounds" or the violation.
[[nodiscard]] std::string describe_check(const ExchangeCheck& check, std::uint32_t ports);

/// How many distinct pairs the set delivers (routing only; for seeding and progress).
[[nodiscard]] std::uint64_t pairs_covered(const ConfigSet& set);

/// The configurations of the default schedule of `net` (the fewest rounds the core
/// knows: on a GSEN paper 000's sets), as a ConfigSet; empty when the core has none.
[[nodiscard]] ConfigSet default_set(const Network& net);

/// The configurations of one family's schedule on `net` (natural order); empty when the
/// family has none for it. `a2a search --from-schedule` starts there.
[[nodiscard]] ConfigSet schedule_set(const Network& net, ScheduleKind kind);

}  // namespace a2a::search
