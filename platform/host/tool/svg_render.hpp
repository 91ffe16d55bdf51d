// SVG drawings of rounds in the style of the papers' figures: the stages as
// columns of d x d switches, the fixed wiring between them, every switch's
// state (its internal connections; the k-shift number for d > 2), each
// message's path in its own colour with source and destination labelled, and
// faulty switches hatched in red.
#pragma once

#include <cstdint>
#include <optional>
#include <ostream>

#include "plan.hpp"
#include "switch_replay.hpp"

namespace a2a::tool {

/// The largest N the renderer draws (one round), and for --all.
inline constexpr std::uint32_t kRenderMaxPorts = 256;
inline constexpr std::uint32_t kRenderAllMaxPorts = 64;

/// Draws round `round` (or every round on one sheet when it is empty).
/// Paths come from `replay` set to each round's own switch states.
void render_svg(const Plan& plan, std::optional<std::uint32_t> round, SwitchReplay& replay, std::ostream& out);

}  // namespace a2a::tool
