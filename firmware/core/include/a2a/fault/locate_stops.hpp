// The controller's stops over a stage-controlled exchange, for the tools that predict
// what a device will find (a2a diagnose --simulate, docs/examples/diagnosis_tables.cpp)
// and the tests that hold the search to planted faults.
//
// As the device does it (app/fault_diagnosis.hpp): the rounds of the Latin square run
// in order (round r: stage word r); the first round whose outputs the faults found so
// far do not explain is a stop. Its first wrong signal one fault can explain starts a
// FaultLocator (the candidates on its path, kept by the round), test rounds narrow them
// from one allowance of 2 log2 N + 2 for the whole exchange, and what is left joins the
// faults found (a class whole, its stuck switches as dead: one plan covers the class).
// Then the rounds go on from the stop. A stop no wrong signal's path explains ends it.
// (The device re-plans after a stop and runs relay rounds; here the exchange stays the
// Latin square, whose full rounds show every fault.)
//
// No heap: the faults found in a fixed array (kMaxFaults), the observation in the
// caller's span of N entries. Binary networks, as the locator.
#pragma once

#include <array>
#include <cstdint>
#include <span>

#include "a2a/fault/fault_locator.hpp"
#include "a2a/limits.hpp"

namespace a2a {

/// What the stops found: the faults in the order found, the test rounds of all stops.
struct LocatedStops {
  std::array<FaultCandidate, kMaxFaults> faults{};
  std::uint32_t count{0};
  std::uint32_t test_rounds{0};
  std::uint32_t stops{0};
  bool exact{true};         ///< every stop left one candidate
  bool unexplained{false};  ///< a stop no single element on a wrong signal's path explains ended it
};

/// `observe(config, observed)` fills what the outputs show in round `config` (a
/// StageControl), by input port (FaultedRound's entries); `on_stop(round, found_before,
/// result)` hears of each stop (round: the Latin-square round; found_before: the count
/// before it). `observed` holds N entries.
template <class Observe, class OnStop>
constexpr LocatedStops locate_stop_by_stop(const Network& net, std::span<std::uint16_t> observed, Observe&& observe,
                                           OnStop&& on_stop) {
  LocatedStops out;
  const std::uint32_t allowance = 2 * net.stages + 2;
  for (std::uint32_t r = 0; r < net.ports && out.count < out.faults.size();) {
    const StageControl config{r, net.radix, net.stages};
    observe(config, observed);
    const std::span<const FaultCandidate> known(out.faults.data(), out.count);
    const FaultedRound<StageControl> predicted(net, config, known);
    FaultLocator<> locator(net, known);
    bool wrong = false;
    for (std::uint32_t i = 0; i < net.ports && locator.candidates().empty(); ++i)
      if (observed[i] != kIdle && observed[i] != predicted.output(i)) {
        wrong = true;
        locator.start(config, i);
        locator.keep_explaining(config, std::span<const std::uint16_t>(observed));
      }
    if (!wrong) {
      ++r;  // explained: the next round
      continue;
    }
    const std::uint32_t before = out.count;
    ++out.stops;
    if (locator.candidates().empty()) {
      out.unexplained = true;
      on_stop(r, before, out);
      break;
    }
    out.test_rounds += narrow_by_tests(
        net, locator, observed,
        [&](std::uint32_t word, std::span<std::uint16_t> o) {
          observe(StageControl{word, net.radix, net.stages}, o);
          return true;
        },
        allowance - out.test_rounds);
    out.exact = out.exact && locator.candidates().size() == 1;
    add_planned(locator.candidates(), out.faults, out.count);
    out.unexplained = out.count == before;  // nothing new: the round would stop again
    on_stop(r, before, out);
    if (out.unexplained) break;
  }
  return out;
}

}  // namespace a2a
