// The library's named limits: every bound a parameter is checked against, and
// every number an error message quotes, is one of these (errc.hpp composes the
// messages from them, so a message can never name a stale limit).
#pragma once

#include <cstddef>
#include <cstdint>

namespace a2a {

inline constexpr std::uint32_t kMaxPorts = 65536;  ///< largest N the core accepts
inline constexpr std::uint32_t kMaxRadix = 16;     ///< largest switch size d
inline constexpr std::uint32_t kMaxStages = 16;    ///< 2^16 = kMaxPorts with d = 2
/// The shift network (paper 003) has log2 N + 1 stages: at most kMaxStages.
inline constexpr std::uint32_t kMaxShiftPorts = std::uint32_t{1} << (kMaxStages - 1);
/// The relay planner gives up after this many extra rounds per port (3N in all).
inline constexpr std::uint32_t kMaxRelayRoundsPerPort = 3;
/// The general fault planner (several faults) gives up after this many per port.
inline constexpr std::uint32_t kMaxFaultRoundsPerPort = 8;
/// Faults (switches and links together) a fault set and the fault planner handle.
inline constexpr std::size_t kMaxFaults = 8;
/// Largest N of a stored configuration set (the table family; docs/search.md): make()
/// checks a set a source at a time with an N-bit mark on the stack.
inline constexpr std::uint32_t kMaxTablePorts = 256;
/// Fault slots of the configuration block (the application layer's a2a/config/config_block.hpp).
inline constexpr std::size_t kMaxConfigFaults = 8;
/// Largest settle or guard time of switch elements in the configuration block
/// (settle_us, guard_us: a MEMS element settles in milliseconds): one second.
inline constexpr std::uint32_t kMaxSwitchTimeMicros = 1000000;

}  // namespace a2a
