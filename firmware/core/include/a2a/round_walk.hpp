// One round through the switches, judged: the walk both fabrics run (the
// emulated fabric behind a board's register block, the host simulated fabric)
// and the marks check_exchange judges its rounds with.
//
// Every active signal is routed with route() (the fixed wiring and the switch
// states, as docs/conventions.md defines them), then checked against its claim
// (the header's destination and tag) and against the other signals of the round:
//  - conflict: two signals on one switch output. Signals that share an output of
//    any stage follow one path from there on, so they share the network output:
//    the walk compares network outputs only, and marks every signal involved;
//  - crosstalk (optical): a second (and further) signal through one switch;
//  - misroute: arrival elsewhere than the claimed destination, or by other output
//    ports than the claimed tag;
//  - a switch the configuration reports faulty (faulty(stage, switch), optional)
//    on the path. A stuck switch is the configuration's forced_port (route.hpp).
// What a fabric makes of it (STATUS flags, counting, voiding the round) is its own.
// Storage is the caller's (walk_words_needed), so the walk runs on a board. Given a
// StageReplay (stage_replay.hpp: the network's wiring as tables, every signal after
// each stage, in the caller's words), the round goes through stage-parallel instead
// of signal by signal: the same outcome, faster (the host simulated fabric does so).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "a2a/delivery_tally.hpp"
#include "a2a/route.hpp"
#include "a2a/stage_replay.hpp"

namespace a2a {

/// Words of per-round storage for check_exchange: N output bits, then one bit per
/// switch of every stage (crosstalk in optical schedules). A stage has at most N
/// switches (N/d in a banyan-type MIN, N in the shift network), so N bits per stage suffice.
constexpr std::size_t round_words_needed(std::uint32_t ports, std::uint32_t stages = kMaxStages) {
  return (ports + 31) / 32 + stages * ((ports + 31) / 32);
}

/// The marks of one round over the caller's words: which outputs a signal reached,
/// and (optical) which switches of each stage a signal went through.
class RoundMarks {
 public:
  [[nodiscard]] static constexpr std::size_t words_needed(std::uint32_t outputs, std::uint32_t switches,
                                                          std::uint32_t stages) {
    return (outputs + 31) / 32 + std::size_t{stages} * ((switches + 31) / 32);
  }
  constexpr RoundMarks(std::span<std::uint32_t> words, std::uint32_t outputs, std::uint32_t switches,
                       std::uint32_t stages)
      : words_(words.first(words_needed(outputs, switches, stages))),
        output_words_((outputs + 31) / 32),
        switch_words_((switches + 31) / 32) {}

  /// A new round: nothing reached, nothing crossed.
  constexpr void clear() {
    for (std::uint32_t& w : words_) w = 0;
  }
  /// Marks output `o` reached; false if another signal reached it before in this round.
  A2A_REPLAY_INLINE constexpr bool reach_output(std::uint32_t o) {
    return !detail::test_and_set(words_.first(output_words_), o);
  }
  /// Marks switch `y` of stage `s` crossed; false if another signal crossed it before.
  A2A_REPLAY_INLINE constexpr bool cross_switch(std::uint32_t s, std::uint32_t y) {
    return !detail::test_and_set(words_.subspan(output_words_ + std::size_t{s} * switch_words_, switch_words_), y);
  }

 private:
  std::span<std::uint32_t> words_;
  std::size_t output_words_;
  std::size_t switch_words_;
};

/// One signal of a round: its claim (the caller fills source, destination, tag)
/// and what walk_round found.
struct RoundSignal {
  std::uint32_t source{0};       ///< input port
  std::uint32_t destination{0};  ///< claimed destination (the header's)
  std::uint32_t tag{0};          ///< claimed forward tag (the header's)
  std::uint32_t output{0};       ///< network output reached; >= N: an output no processor reads (shift network)
  std::uint32_t tag_taken{0};    ///< output ports taken (stage 0 most significant)
  bool collided{false};          ///< shared a switch output with another signal: garbled
  bool crossed_fault{false};     ///< went through a switch the configuration reports faulty

  [[nodiscard]] constexpr bool wrong_destination() const { return output != destination; }
  [[nodiscard]] constexpr bool wrong_tag() const { return tag_taken != tag; }
  /// A misroute in DeliveryTally's sense: not where, or not the way, the claim says.
  [[nodiscard]] constexpr bool misrouted() const { return wrong_destination() || wrong_tag(); }
};

/// The round as a whole: how many signals had each problem.
struct RoundOutcome {
  std::uint32_t collided{0};       ///< signals in a conflict (each of them)
  std::uint32_t crosstalk{0};      ///< optical: second and further signals through one switch
  std::uint32_t crossed_fault{0};  ///< signals through a faulty switch
  std::uint32_t misrouted{0};      ///< signals with a wrong destination or tag
};

/// Words walk_round needs for a network with `outputs` last-stage outputs (switches x d),
/// `switches` per stage and `stages` stages: the round's marks, then the shared outputs.
constexpr std::size_t walk_words_needed(std::uint32_t outputs, std::uint32_t switches, std::uint32_t stages) {
  return RoundMarks::words_needed(outputs, switches, stages) + (outputs + 31) / 32;
}
constexpr std::size_t walk_words_needed(const Network& net) {
  return walk_words_needed(net.switches_per_stage() * net.radix, net.switches_per_stage(), net.stages);
}

namespace detail {
/// walk_round's judgement once every signal's output and tag are known: misroutes,
/// and the signals on an output another one reached too (every one of them).
constexpr void judge_outputs(RoundMarks& marks, std::span<std::uint32_t> shared, std::span<RoundSignal> signals,
                             RoundOutcome& outcome) {
  for (const RoundSignal& signal : signals) {
    if (!marks.reach_output(signal.output)) detail::test_and_set(shared, signal.output);
    outcome.crossed_fault += signal.crossed_fault ? 1U : 0U;
    outcome.misrouted += signal.misrouted() ? 1U : 0U;
  }
  for (RoundSignal& signal : signals) {  // every signal on a shared output, the first one too
    signal.collided = detail::bit_set(shared, signal.output);
    outcome.collided += signal.collided ? 1U : 0U;
  }
}
}  // namespace detail

/// Routes every signal of the round through `switches` (a Configuration, with an
/// optional faulty(stage, switch)) and judges it. Requires storage.size() >=
/// walk_words_needed(net) and every source < N.
template <Configuration Switches>
constexpr RoundOutcome walk_round(const Network& net, const Switches& switches, bool optical,
                                  std::span<RoundSignal> signals, std::span<std::uint32_t> storage) {
  const std::uint32_t outputs = net.switches_per_stage() * net.radix;
  RoundMarks marks(storage, outputs, net.switches_per_stage(), net.stages);
  const std::span<std::uint32_t> shared =
      storage.subspan(RoundMarks::words_needed(outputs, net.switches_per_stage(), net.stages), (outputs + 31) / 32);
  marks.clear();
  for (std::uint32_t& w : shared) w = 0;
  RoundOutcome outcome;
  for (RoundSignal& signal : signals) {
    const Path path = route(net, signal.source, switches);
    signal.output = path.destination;
    signal.tag_taken = path.tag;
    signal.crossed_fault = false;
    for (std::uint32_t s = 0; s < net.stages; ++s) {
      const std::uint32_t y = path.hops[s].switch_index;
      if constexpr (requires {
                      { switches.faulty(s, y) } -> std::convertible_to<bool>;
                    }) {
        if (switches.faulty(s, y)) signal.crossed_fault = true;
      }
      if (optical && !marks.cross_switch(s, y)) ++outcome.crosstalk;
    }
  }
  detail::judge_outputs(marks, shared, signals, outcome);
  return outcome;
}

/// The same walk over a stage-parallel replay (`replay`, built for the network and
/// the list `switches` names: StageReplay, stage_replay.hpp): every port's signal
/// through stage 0, then stage 1, ... The outcome and every signal's record are those
/// of the walk signal by signal. Requires storage.size() >= walk_words_needed(net) and
/// every source < N.
template <Configuration Switches>
constexpr RoundOutcome walk_round(StageReplay& replay, const Switches& switches, bool optical,
                                  std::span<RoundSignal> signals, std::span<std::uint32_t> storage) {
  const Network& net = replay.network();
  const std::uint32_t outputs = net.switches_per_stage() * net.radix;
  const std::size_t mark_words = RoundMarks::words_needed(outputs, net.switches_per_stage(), net.stages);
  RoundMarks marks(storage, outputs, net.switches_per_stage(), net.stages);
  const std::span<std::uint32_t> shared = storage.subspan(mark_words, (outputs + 31) / 32);
  marks.clear();
  for (std::uint32_t& w : shared) w = 0;
  RoundOutcome outcome;
  replay.replay(switches);
  const bool faults = replay.any_faulty();
  for (RoundSignal& signal : signals) {
    signal.output = replay.output(signal.source);
    signal.tag_taken = replay.tag(signal.source);
    signal.crossed_fault = false;
    for (std::uint32_t s = 0; faults && s < net.stages; ++s)
      if (replay.stage_faulty(s) && replay.faulty(s, signal.source)) signal.crossed_fault = true;
  }
  if (optical) {  // stage by stage, signal by signal: the second and further through a switch
    for (std::uint32_t s = 0; s < net.stages; ++s)
      for (const RoundSignal& signal : signals)
        if (!marks.cross_switch(s, replay.switch_index(s, signal.source))) ++outcome.crosstalk;
  }
  detail::judge_outputs(marks, shared, signals, outcome);
  return outcome;
}

}  // namespace a2a
