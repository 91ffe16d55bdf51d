// a2a.h's networks, schedules, rounds, sends and the exchange check: each entry
// point checks its pointers and its state's magic word, then calls the core's
// checked accessor, so a C caller gets a status where C++ code has a precondition.
#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <new>
#include <span>

#include "a2a.h"
#include "a2a/any_schedule.hpp"
#include "a2a/fault/fault_set.hpp"
#include "a2a/fault/detail/relay_plan.hpp"
#include "a2a/verify.hpp"
#include "capi_state.hpp"

namespace a2a::capi {
namespace {

// The macros of a2a.h against the core's own sizes.
constexpr bool check_words_hold() {
  for (const std::uint32_t n : std::array<std::uint32_t, 5>{2, 16, 64, 100, 1024}) {
    for (const std::uint32_t s : std::array<std::uint32_t, 4>{1, 4, 10, kMaxStages}) {
      if (A2A_CHECK_MIN_WORDS(n, s) != pair_words_needed(n) + round_words_needed(n, s)) return false;
      if (A2A_CHECK_WORDS(n, s) != pair_words_needed(n) + replay_round_words_needed(n, s)) return false;
    }
  }
  return true;
}
static_assert(check_words_hold(), "A2A_CHECK_WORDS / A2A_CHECK_MIN_WORDS differ from verify.hpp's sizes");

// The relay-plan storage in the caller's bytes: the 4-byte arrays first, then the
// hops and the 2-byte scratch (PlanStorageSpan::fits: 3N, 4N + 1, 6N words; 5N hops, 12N halves).
static_assert(sizeof(RelayHop) == 6 && alignof(RelayHop) <= 2 && alignof(std::int32_t) <= 4);
constexpr std::size_t fault_storage_bytes(std::uint32_t n) {
  const std::size_t ports = n;
  return 4 * (3 * ports + 4 * ports + 1 + 6 * ports) + sizeof(RelayHop) * 5 * ports + 2 * (12 * ports);
}
static_assert(fault_storage_bytes(16) == A2A_FAULT_STORAGE_BYTES(16U) &&
              fault_storage_bytes(kMaxPorts) == A2A_FAULT_STORAGE_BYTES(kMaxPorts));

/// `count` objects of T made at `bytes` + `at`, as a span; `at` moves past them.
template <class T>
std::span<T> carve(unsigned char* bytes, std::size_t& at, std::size_t count) {
  unsigned char* first = bytes + at;
  for (std::size_t k = 0; k < count; ++k) ::new (static_cast<void*>(first + k * sizeof(T))) T{};
  at += count * sizeof(T);
  return {std::launder(reinterpret_cast<T*>(first)), count};
}

PlanStorageSpan relay_storage(void* storage, std::uint32_t n) {
  auto* bytes = static_cast<unsigned char*>(storage);
  std::size_t at = 0;
  PlanStorageSpan span;
  span.vectors = carve<std::uint32_t>(bytes, at, 3 * std::size_t{n});
  span.offsets = carve<std::uint32_t>(bytes, at, 4 * std::size_t{n} + 1);
  span.work32 = carve<std::int32_t>(bytes, at, 6 * std::size_t{n});
  span.hops = carve<RelayHop>(bytes, at, 5 * std::size_t{n});
  span.work16 = carve<std::uint16_t>(bytes, at, 12 * std::size_t{n});
  return span;
}

a2a_status made_schedule(a2a_schedule* out, const Result<AnySchedule>& schedule) {
  if (!schedule) {
    unmake(out);
    return status_of(schedule.error());
  }
  store(out, *schedule);
  return A2A_OK;
}

}  // namespace

// The C entry points. With C linkage they are the functions a2a.h declares at
// global scope, wherever they are defined ([dcl.link]).

extern "C" a2a_status a2a_network_make(a2a_topology topology, std::uint32_t ports, std::uint32_t radix,
                                       a2a_network* out) {
  if (out == nullptr) return A2A_ERR_NULL_ARGUMENT;
  const a2a_network asked{static_cast<std::uint32_t>(topology), ports, radix, 0, 0};
  const auto net = network_of(asked);
  if (!net) return status_of(net.error());
  *out = to_c(*net);
  return A2A_OK;
}

extern "C" a2a_status a2a_default_family(const a2a_network* network, a2a_family* out) {
  if (network == nullptr || out == nullptr) return A2A_ERR_NULL_ARGUMENT;
  const auto net = network_of(*network);
  if (!net) return status_of(net.error());
  *out = static_cast<a2a_family>(default_schedule_kind(*net));
  return A2A_OK;
}

extern "C" a2a_status a2a_schedule_make(const a2a_network* network, a2a_family family, a2a_order order,
                                        a2a_schedule* out) {
  if (network == nullptr || out == nullptr) return A2A_ERR_NULL_ARGUMENT;
  const auto net = network_of(*network);
  if (!net) return made_schedule(out, net.error());
  const auto code = static_cast<unsigned>(family);
  if (code > 0xFFU) return made_schedule(out, Errc::schedule_unknown);
  if (order != A2A_NATURAL && order != A2A_GRAY) return made_schedule(out, Errc::config_bad_order);
  return made_schedule(out, AnySchedule::make(*net, static_cast<ScheduleKind>(code), static_cast<RoundOrder>(order)));
}

extern "C" a2a_status a2a_schedule_make_fault_tolerant(const a2a_network* network, std::uint32_t stage,
                                                       std::uint32_t switch_index, void* storage,
                                                       std::size_t storage_bytes, a2a_schedule* out) {
  if (network == nullptr || out == nullptr || (storage == nullptr && storage_bytes != 0)) return A2A_ERR_NULL_ARGUMENT;
  const auto net = network_of(*network);
  if (!net) return made_schedule(out, net.error());
  if (reinterpret_cast<std::uintptr_t>(storage) % 4 != 0) {
    unmake(out);
    return A2A_ERR_BUFFER_MISALIGNED;
  }
  // Too little storage is passed as none: the core says whether this network needs it.
  const PlanStorageSpan span =
      storage_bytes >= fault_storage_bytes(net->ports) ? relay_storage(storage, net->ports) : PlanStorageSpan{};
  return made_schedule(out, AnySchedule::make(*net, SwitchFault{stage, switch_index}, span));
}

extern "C" a2a_status a2a_schedule_info_get(const a2a_schedule* schedule, a2a_schedule_info* out) {
  if (schedule == nullptr || out == nullptr) return A2A_ERR_NULL_ARGUMENT;
  const ScheduleState* s = made(schedule);
  if (s == nullptr) return A2A_ERR_NOT_MADE;
  *out = {to_c(s->schedule.network()), static_cast<std::uint32_t>(s->schedule.kind()), s->schedule.rounds(),
          s->schedule.optical() ? 1U : 0U, s->schedule.broadcast() ? 1U : 0U};
  return A2A_OK;
}

extern "C" a2a_status a2a_schedule_round(const a2a_schedule* schedule, std::uint32_t r, a2a_round* out) {
  if (schedule == nullptr || out == nullptr) return A2A_ERR_NULL_ARGUMENT;
  const ScheduleState* s = made(schedule);
  if (s == nullptr) return A2A_ERR_NOT_MADE;
  const auto round = s->schedule.checked_round(r);
  if (!round) {
    unmake(out);
    return status_of(round.error());
  }
  store(out, RoundState{kRoundMagic, s->schedule.kind(), s->schedule.network(), *round});
  return A2A_OK;
}

extern "C" a2a_status a2a_round_info_get(const a2a_round* round, a2a_round_info* out) {
  if (round == nullptr || out == nullptr) return A2A_ERR_NULL_ARGUMENT;
  const RoundState* r = made(round);
  if (r == nullptr) return A2A_ERR_NOT_MADE;
  *out = {r->round.index(), r->round.word(), static_cast<std::uint32_t>(r->round.control())};
  return A2A_OK;
}

extern "C" a2a_status a2a_round_switch_state(const a2a_round* round, std::uint32_t stage, std::uint32_t switch_index,
                                             std::uint32_t* state) {
  if (round == nullptr || state == nullptr) return A2A_ERR_NULL_ARGUMENT;
  const RoundState* r = made(round);
  if (r == nullptr) return A2A_ERR_NOT_MADE;
  if (stage >= r->net.stages) return A2A_ERR_STAGE_OUT_OF_RANGE;
  if (switch_index >= r->net.switches_per_stage()) return A2A_ERR_SWITCH_OUT_OF_RANGE;
  *state = r->round.switch_state(stage, switch_index);
  return A2A_OK;
}

extern "C" a2a_status a2a_round_stage_states(const a2a_round* round, std::uint32_t stage, std::uint32_t* states,
                                             std::size_t count) {
  if (round == nullptr || states == nullptr) return A2A_ERR_NULL_ARGUMENT;
  const RoundState* r = made(round);
  if (r == nullptr) return A2A_ERR_NOT_MADE;
  if (stage >= r->net.stages) return A2A_ERR_STAGE_OUT_OF_RANGE;
  const std::size_t switches = r->net.switches_per_stage();
  if (count < switches) return A2A_ERR_BUFFER_TOO_SMALL;
  r->round.stage_states(stage, std::span<std::uint32_t>(states, switches));
  return A2A_OK;
}

extern "C" a2a_status a2a_schedule_send(const a2a_schedule* schedule, const a2a_round* round, std::uint32_t port,
                                        a2a_send* out) {
  if (schedule == nullptr || round == nullptr || out == nullptr) return A2A_ERR_NULL_ARGUMENT;
  const ScheduleState* s = made(schedule);
  const RoundState* r = made(round);
  if (s == nullptr || r == nullptr) return A2A_ERR_NOT_MADE;
  if (r->kind != s->schedule.kind() || r->net != s->schedule.network()) return A2A_ERR_ROUND_OF_OTHER_SCHEDULE;
  const auto send = s->schedule.checked_send(r->round, port);
  if (!send) return status_of(send.error());
  if (!send->sends) {
    *out = {};
    return A2A_OK;
  }
  const std::uint32_t origin = send->message_origin(port);
  const std::uint32_t final_destination = send->message_final();
  const std::uint32_t relay =
      (final_destination != send->destination ? A2A_SEND_INTO_RELAY : 0U) | (origin != port ? A2A_SEND_FROM_RELAY : 0U);
  *out = {1U, send->destination, send->tag, origin, final_destination, relay};
  return A2A_OK;
}

extern "C" std::size_t a2a_check_scratch_words(const a2a_network* network) {
  if (network == nullptr) return 0;
  const auto net = network_of(*network);
  if (!net) return 0;
  return pair_words_needed(net->ports) + replay_round_words_needed(*net);
}

extern "C" a2a_status a2a_check_exchange(const a2a_schedule* schedule, std::uint32_t* scratch,
                                         std::size_t scratch_words, a2a_check* out) {
  if (schedule == nullptr || out == nullptr || (scratch == nullptr && scratch_words != 0)) return A2A_ERR_NULL_ARGUMENT;
  const ScheduleState* s = made(schedule);
  if (s == nullptr) return A2A_ERR_NOT_MADE;
  const std::span<std::uint32_t> words(scratch, scratch_words);
  const std::size_t pairs = std::min(words.size(), pair_words_needed(s->schedule.network().ports));
  const ExchangeCheck c = check_exchange(s->schedule, words.first(pairs), words.subspan(pairs));
  *out = {c.delivered,
          c.missing,
          c.duplicates,
          c.misroutes,
          c.conflicts,
          c.crosstalk,
          c.relayed,
          c.relay_errors,
          c.left_in_store,
          c.faulted_rounds,
          static_cast<std::uint32_t>(c.violation),
          c.round,
          c.port,
          c.other,
          c.rounds};
  if (c.ok()) return A2A_OK;
  return c.violation == Violation::storage_too_small ? A2A_ERR_BUFFER_TOO_SMALL : A2A_ERR_EXCHANGE_VIOLATION;
}

}  // namespace a2a::capi
