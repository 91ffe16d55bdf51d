// The switch-level replay the verifier (and the renderer) rely on, behind one
// small interface so that the backend can change without touching them:
// today the core's switch-level route(); later the host simulated fabric
// (a2a::host_fabric), which sets the same states in its switch registers and
// reports where an injected signal comes out.
#pragma once

#include <a2a/a2a.hpp>

#include <memory>
#include <string_view>

#include "plan.hpp"

namespace a2a::tool {

class SwitchReplay {
 public:
  virtual ~SwitchReplay() = default;
  /// Names the backend in reports ("core route", "host fabric").
  [[nodiscard]] virtual std::string_view backend() const = 0;
  /// Sets every switch as `states` says (states[stage][switch], each < d, shape n x N/d).
  virtual void configure(const Network& net, const StageStates& states) = 0;
  /// The path of a signal entering network input `source` (< N) of the configured network.
  [[nodiscard]] virtual Path trace(std::uint32_t source) const = 0;
};

/// The replay on the core's route(): fixed wiring + k-shift states, as NETWORKS.md defines them.
std::unique_ptr<SwitchReplay> make_core_replay();

}  // namespace a2a::tool
