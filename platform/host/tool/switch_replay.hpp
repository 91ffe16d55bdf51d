// The switch-level replay the verifier (and the renderer) rely on, behind one
// small interface so that the backend can change without touching them: the
// core's stage-parallel replay of the wiring and switch states (StageReplay, held
// to route() by the core's tests), or the host simulated fabric (a2a::host_fabric),
// which takes the same states in its switch registers, runs a round's signals
// and reports where each one comes out (`--backend route|fabric`).
#pragma once

#include <a2a/a2a.hpp>

#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "plan.hpp"

namespace a2a::tool {

/// A Configuration (route.hpp) reading the states straight from a plan's table.
struct TableConfiguration {
  const StageStates* states{nullptr};
  [[nodiscard]] std::uint32_t switch_state(std::uint32_t stage, std::uint32_t sw) const { return (*states)[stage][sw]; }
};
static_assert(Configuration<TableConfiguration>);

/// One round as a replay found it, send by send in the order of the sends.
struct RoundTrace {
  std::vector<std::uint32_t> output;  ///< network output reached (>= N: an output no processor reads)
  std::vector<std::uint32_t> tag;     ///< output ports taken, stage 0 most significant
  /// When asked for: the switch of stage s send k went through, at s * sends + k.
  std::vector<std::uint32_t> switches;
  [[nodiscard]] std::uint32_t switch_at(std::uint32_t s, std::size_t k) const {
    return switches[s * output.size() + k];
  }
};

/// The core's StageReplay over a plan's switch states, its tables in a vector (built
/// anew when the network changes). The route backend is this; the fabric backend
/// checks the fabric's deliveries against it.
class StatesReplay {
 public:
  void configure(const Network& net, const StageStates& states);
  /// Replays the configured round; fills `trace` for `sends` (switches too if asked).
  void trace_round(std::span<const Send> sends, bool switches, RoundTrace& trace);

 private:
  std::vector<std::uint32_t> words_;
  StageReplay replay_;
  const StageStates* states_{nullptr};
};

class SwitchReplay {
 public:
  virtual ~SwitchReplay() = default;
  /// Names the backend in reports ("core route", "host simulated fabric").
  [[nodiscard]] virtual std::string_view backend() const = 0;
  /// Sets every switch as `states` says (states[stage][switch], each < d, shape n x N/d);
  /// `states` stays the caller's, valid until the next configure().
  virtual void configure(const Network& net, const StageStates& states) = 0;
  /// The path of a signal entering network input `source` (< N) of the configured network.
  [[nodiscard]] virtual Path trace(std::uint32_t source) const = 0;
  /// The paths of one round's signals, one per send in order (from send.src; a port listed
  /// twice gets its path twice), for the renderer. By default each is traced alone; a
  /// backend that runs a whole round at once (the fabric) overrides this.
  [[nodiscard]] virtual std::vector<Path> trace_round(std::span<const Send> sends) {
    std::vector<Path> paths;
    paths.reserve(sends.size());
    for (const Send& send : sends) paths.push_back(trace(send.src));
    return paths;
  }
  /// The whole round at once, for the verifier: each send's output and tag, and with
  /// `switches` the switch of every stage (RoundTrace). A port listed twice gets its
  /// signal twice.
  virtual void replay_round(std::span<const Send> sends, bool switches, RoundTrace& trace) = 0;
};

/// The replay on the core's route(): fixed wiring + k-shift states, as docs/conventions.md defines them.
std::unique_ptr<SwitchReplay> make_core_replay();
/// The replay on the host simulated fabric, programmed through the HAL's FabricDriver
/// (fabric_replay.cpp); refuses (UsageError) networks larger than its register block.
std::unique_ptr<SwitchReplay> make_fabric_replay();
/// Why the fabric replay cannot run `net` (empty when it can): a topology without a
/// register code, or more ports, stages or switches than its register block holds.
std::string fabric_replay_refusal(const Network& net);

}  // namespace a2a::tool
