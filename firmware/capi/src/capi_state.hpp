// What the opaque structs of a2a.h hold, and the checked way in and out of them.
// A state is a small C++ object placed in the caller's bytes: a magic word that
// tells a made state from zeroed or foreign bytes, then the core's object. Both
// are trivially copyable, so a C program may copy a state by assignment.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <new>
#include <type_traits>

#include "a2a.h"
#include "a2a/any_schedule.hpp"
#include "a2a/errc.hpp"
#include "a2a/topology.hpp"

namespace a2a::capi {

inline constexpr std::uint32_t kScheduleMagic = 0xA2A5C4EDU;
inline constexpr std::uint32_t kRoundMagic = 0xA2A520DDU;

struct ScheduleState {
  std::uint32_t magic{kScheduleMagic};
  AnySchedule schedule;
};

/// A round remembers its schedule's family and network, so that a send can refuse
/// a round of another schedule (the core's precondition) and a switch index can be
/// checked without the schedule.
struct RoundState {
  std::uint32_t magic{kRoundMagic};
  ScheduleKind kind{ScheduleKind::latin_square};
  Network net;
  AnySchedule::Round round;
};

// The sizes a2a.h pins (docs/c-api.md's table): the objects must fit, on every target.
static_assert(sizeof(ScheduleState) <= A2A_SCHEDULE_SIZE && alignof(ScheduleState) <= alignof(a2a_schedule),
              "AnySchedule outgrew A2A_SCHEDULE_SIZE: raise it (and A2A_CAPI_VERSION, docs/c-api.md)");
static_assert(sizeof(RoundState) <= A2A_ROUND_SIZE && alignof(RoundState) <= alignof(a2a_round),
              "AnySchedule::Round outgrew A2A_ROUND_SIZE: raise it (and A2A_CAPI_VERSION, docs/c-api.md)");
static_assert(sizeof(a2a_schedule) == A2A_SCHEDULE_SIZE && sizeof(a2a_round) == A2A_ROUND_SIZE);
static_assert(std::is_trivially_copyable_v<ScheduleState> && std::is_trivially_copyable_v<RoundState>,
              "a C program copies states by assignment");

constexpr a2a_status status_of(Errc e) { return static_cast<a2a_status>(static_cast<int>(e)); }

/// The state in `bytes` when it was made by this API (its magic word), else nullptr.
template <class State>
const State* made(const unsigned char* bytes, std::uint32_t magic) {
  std::uint32_t word = 0;
  std::memcpy(&word, bytes, sizeof word);  // read as bytes: these may be anything
  return word == magic ? std::launder(reinterpret_cast<const State*>(bytes)) : nullptr;
}

/// The bytes of a C state (its union's first member starts at its address).
template <class CState>
unsigned char* bytes_of(CState* s) {
  return reinterpret_cast<unsigned char*>(s);
}
template <class CState>
const unsigned char* bytes_of(const CState* s) {
  return reinterpret_cast<const unsigned char*>(s);
}

inline const ScheduleState* made(const a2a_schedule* s) {
  return s == nullptr ? nullptr : made<ScheduleState>(bytes_of(s), kScheduleMagic);
}
inline const RoundState* made(const a2a_round* r) {
  return r == nullptr ? nullptr : made<RoundState>(bytes_of(r), kRoundMagic);
}

/// Marks a state as not made (a failed make leaves no stale schedule behind).
template <class CState>
void unmake(CState* s) {
  constexpr std::uint32_t kNone = 0;
  std::memcpy(bytes_of(s), &kNone, sizeof kNone);
}

inline void store(a2a_schedule* out, const AnySchedule& schedule) {
  ::new (static_cast<void*>(bytes_of(out))) ScheduleState{kScheduleMagic, schedule};
}
inline void store(a2a_round* out, const RoundState& round) {
  ::new (static_cast<void*>(bytes_of(out))) RoundState(round);
}

/// The network a caller's a2a_network describes, checked again (its fields are
/// writable): from topology, ports and radix, as a2a_network_make made it.
inline Result<Network> network_of(const a2a_network& n) {
  if (n.topology > 0xFFU) return Errc::topology_unknown;
  return make_network(static_cast<Topology>(n.topology), n.ports, n.radix);
}

inline a2a_network to_c(const Network& net) {
  return {static_cast<std::uint32_t>(net.topology), net.ports, net.radix, net.stages, net.switches_per_stage()};
}

}  // namespace a2a::capi
