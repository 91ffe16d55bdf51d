// a2a.h's texts and names: a2a_strerror() and the other name lookups, and the
// checks that a2a.h's enums carry the core's pinned numbers.
//
// The core's messages are string_views, and those that quote a limit are composed
// at compile time without a terminating NUL (message_text.hpp). C wants C strings,
// so each lookup copies its texts once, at compile time, into one NUL-separated
// table in read-only storage; nothing is formatted at run time.
#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>

#include "a2a.h"
#include "a2a/digits.hpp"
#include "a2a/errc.hpp"
#include "a2a/schedule_families.hpp"
#include "a2a/topology.hpp"
#include "a2a/verify.hpp"
#include "a2a/version.hpp"
#include "capi_state.hpp"

// Which texts a2a_strerror() carries (CMake's A2A_STATUS_TEXTS): 2 every code's
// (all), 1 those of the codes this API returns (capi), 0 none (off: codes only).
#define A2A_CAPI_TEXTS_ALL 2
#define A2A_CAPI_TEXTS_CAPI 1
#ifndef A2A_CAPI_STATUS_TEXTS
#define A2A_CAPI_STATUS_TEXTS A2A_CAPI_TEXTS_ALL
#endif

namespace a2a::capi {
namespace {

// --- the enums of a2a.h are the core's codes ---------------------------------
struct StatusCode {
  a2a_status c;
  Errc core;
};
constexpr StatusCode kStatusCodes[] = {
    {A2A_OK, Errc::ok},
    {A2A_ERR_RADIX_TOO_SMALL, Errc::radix_too_small},
    {A2A_ERR_RADIX_TOO_LARGE, Errc::radix_too_large},
    {A2A_ERR_PORTS_TOO_SMALL, Errc::ports_too_small},
    {A2A_ERR_PORTS_TOO_LARGE, Errc::ports_too_large},
    {A2A_ERR_PORTS_ODD, Errc::ports_odd},
    {A2A_ERR_PORTS_NOT_POWER_OF_RADIX, Errc::ports_not_power_of_radix},
    {A2A_ERR_TOPOLOGY_UNKNOWN, Errc::topology_unknown},
    {A2A_ERR_TOPOLOGY_NEEDS_BINARY, Errc::topology_needs_binary},
    {A2A_ERR_SHIFT_NEEDS_BINARY, Errc::shift_needs_binary},
    {A2A_ERR_SHIFT_PORTS_TOO_LARGE, Errc::shift_ports_too_large},
    {A2A_ERR_PORT_OUT_OF_RANGE, Errc::port_out_of_range},
    {A2A_ERR_ROUND_OUT_OF_RANGE, Errc::round_out_of_range},
    {A2A_ERR_STAGE_OUT_OF_RANGE, Errc::stage_out_of_range},
    {A2A_ERR_SWITCH_OUT_OF_RANGE, Errc::switch_out_of_range},
    {A2A_ERR_STATE_OUT_OF_RANGE, Errc::state_out_of_range},
    {A2A_ERR_SCHEDULE_UNKNOWN, Errc::schedule_unknown},
    {A2A_ERR_SCHEDULE_NEEDS_UNIQUE_PATH, Errc::schedule_needs_unique_path},
    {A2A_ERR_SCHEDULE_NEEDS_PORTS_2_MOD_4, Errc::schedule_needs_ports_2_mod_4},
    {A2A_ERR_SCHEDULE_NEEDS_GSEN, Errc::schedule_needs_gsen},
    {A2A_ERR_INITIAL_CONFIG_NEEDS_BINARY, Errc::initial_config_needs_binary},
    {A2A_ERR_INITIAL_CONFIG_SIZE_MISMATCH, Errc::initial_config_size_mismatch},
    {A2A_ERR_SHIFT_NETWORK_NEEDS_SHIFT_SCHEDULE, Errc::shift_network_needs_shift_schedule},
    {A2A_ERR_SCHEDULE_NEEDS_SHIFT_NETWORK, Errc::schedule_needs_shift_network},
    {A2A_ERR_OPTICAL_NEEDS_BINARY, Errc::optical_needs_binary},
    {A2A_ERR_SCHEDULE_SET_MALFORMED, Errc::schedule_set_malformed},
    {A2A_ERR_SCHEDULE_SET_INCOMPLETE, Errc::schedule_set_incomplete},
    {A2A_ERR_SCHEDULE_ORDER_NEEDS_ALL_CONFIGURATIONS, Errc::schedule_order_needs_all_configurations},
    {A2A_ERR_GSEN_SCHEDULE_ON_OTHER_TOPOLOGY, Errc::gsen_schedule_on_other_topology},
    {A2A_ERR_TABLE_SIZE_MISMATCH, Errc::table_size_mismatch},
    {A2A_ERR_FAULT_OUT_OF_RANGE, Errc::fault_out_of_range},
    {A2A_ERR_FAULTS_NOT_SUPPORTED, Errc::faults_not_supported},
    {A2A_ERR_FAULT_CUTS_OFF_PROCESSORS, Errc::fault_cuts_off_processors},
    {A2A_ERR_SCHEDULE_NEEDS_FAULT, Errc::schedule_needs_fault},
    {A2A_ERR_FAULT_PLAN_STORAGE_TOO_SMALL, Errc::fault_plan_storage_too_small},
    {A2A_ERR_FAULT_PLAN_TOO_LONG, Errc::fault_plan_too_long},
    {A2A_ERR_LINK_FAULT_OUT_OF_RANGE, Errc::link_fault_out_of_range},
    {A2A_ERR_FAULT_DUPLICATE, Errc::fault_duplicate},
    {A2A_ERR_FAULTS_TOO_MANY, Errc::faults_too_many},
    {A2A_ERR_FAULTS_SEPARATE_PROCESSORS, Errc::faults_separate_processors},
    {A2A_ERR_TABLE_NEEDS_BINARY, Errc::table_needs_binary},
    {A2A_ERR_TABLE_PORTS_TOO_LARGE, Errc::table_ports_too_large},
    {A2A_ERR_TABLE_MALFORMED, Errc::table_malformed},
    {A2A_ERR_TABLE_NOT_EXACT, Errc::table_not_exact},
    {A2A_ERR_TABLE_NONE_FOR_NETWORK, Errc::table_none_for_network},
    {A2A_ERR_FAULT_PLAN_OVER_BUDGET, Errc::fault_plan_over_budget},
    {A2A_ERR_TOPOLOGY_NOT_BUILT, Errc::topology_not_built},
    {A2A_ERR_SCHEDULE_NOT_BUILT, Errc::schedule_not_built},
    {A2A_ERR_CONFIG_TOO_SHORT, Errc::config_too_short},
    {A2A_ERR_CONFIG_BAD_MAGIC, Errc::config_bad_magic},
    {A2A_ERR_CONFIG_UNSUPPORTED_VERSION, Errc::config_unsupported_version},
    {A2A_ERR_CONFIG_CRC_MISMATCH, Errc::config_crc_mismatch},
    {A2A_ERR_CONFIG_BAD_ORDER, Errc::config_bad_order},
    {A2A_ERR_CONFIG_TOO_MANY_FAULTS, Errc::config_too_many_faults},
    {A2A_ERR_CONFIG_RESERVED_NOT_ZERO, Errc::config_reserved_not_zero},
    {A2A_ERR_ARGUMENT_UNKNOWN_KEY, Errc::argument_unknown_key},
    {A2A_ERR_ARGUMENT_BAD_VALUE, Errc::argument_bad_value},
    {A2A_ERR_ARGUMENT_REPEATED, Errc::argument_repeated},
    {A2A_ERR_CONFIG_FAULT_FLAGS_INVALID, Errc::config_fault_flags_invalid},
    {A2A_ERR_CONFIG_TIME_OUT_OF_RANGE, Errc::config_time_out_of_range},
    {A2A_ERR_CONFIG_UNKNOWN_FABRIC, Errc::config_unknown_fabric},
    {A2A_ERR_CONFIG_STORE_ABSENT, Errc::config_store_absent},
    {A2A_ERR_CONFIG_STORE_EMPTY, Errc::config_store_empty},
    {A2A_ERR_CONFIG_FLASH_LOCKED, Errc::config_flash_locked},
    {A2A_ERR_CONFIG_FLASH_WRITE_PROTECTED, Errc::config_flash_write_protected},
    {A2A_ERR_CONFIG_FLASH_ALIGNMENT_ERROR, Errc::config_flash_alignment_error},
    {A2A_ERR_CONFIG_FLASH_PARALLELISM_ERROR, Errc::config_flash_parallelism_error},
    {A2A_ERR_CONFIG_FLASH_SEQUENCE_ERROR, Errc::config_flash_sequence_error},
    {A2A_ERR_CONFIG_FLASH_OPERATION_ERROR, Errc::config_flash_operation_error},
    {A2A_ERR_CONFIG_FLASH_TIMEOUT, Errc::config_flash_timeout},
    {A2A_ERR_CONFIG_FLASH_NOT_ERASED, Errc::config_flash_not_erased},
    {A2A_ERR_CONFIG_FLASH_VERIFY_MISMATCH, Errc::config_flash_verify_mismatch},
    {A2A_ERR_TAG_OUT_OF_RANGE, Errc::tag_out_of_range},
    {A2A_ERR_CONTROL_MODE_UNKNOWN, Errc::control_mode_unknown},
    {A2A_ERR_FABRIC_NOT_CONFIGURED, Errc::fabric_not_configured},
    {A2A_ERR_FABRIC_NETWORK_MISMATCH, Errc::fabric_network_mismatch},
    {A2A_ERR_FABRIC_CAPACITY_EXCEEDED, Errc::fabric_capacity_exceeded},
    {A2A_ERR_FABRIC_DEVICE_MISMATCH, Errc::fabric_device_mismatch},
    {A2A_ERR_FABRIC_TIMEOUT, Errc::fabric_timeout},
    {A2A_ERR_FABRIC_ROUND_NOT_RUN, Errc::fabric_round_not_run},
    {A2A_ERR_FABRIC_ROUND_FAULTED, Errc::fabric_round_faulted},
    {A2A_ERR_FABRIC_READBACK_MISMATCH, Errc::fabric_readback_mismatch},
    {A2A_ERR_FABRIC_ROUND_IN_DOUBT, Errc::fabric_round_in_doubt},
    {A2A_ERR_POLL_BOUND_ZERO, Errc::poll_bound_zero},
    {A2A_ERR_FABRIC_INJECT_UNSUPPORTED, Errc::fabric_inject_unsupported},
    {A2A_ERR_FABRIC_RELAY_UNSUPPORTED, Errc::fabric_relay_unsupported},
    {A2A_ERR_FABRIC_RELAY_OFF, Errc::fabric_relay_off},
    {A2A_ERR_LOOKAHEAD_INDIVIDUAL_CONTROL, Errc::lookahead_individual_control},
    {A2A_ERR_LOOKAHEAD_NEEDS_ONE_STAGE, Errc::lookahead_needs_one_stage},
    {A2A_ERR_LOOKAHEAD_BAD_WINDOW, Errc::lookahead_bad_window},
    {A2A_ERR_SLOT_TIMER_REFUSED, Errc::slot_timer_refused},
    {A2A_ERR_STEPPER_NEEDS_GRAY_STEPS, Errc::stepper_needs_gray_steps},
    {A2A_ERR_FABRIC_ROUND_INCOMPLETE, Errc::fabric_round_incomplete},
    {A2A_ERR_EXCHANGE_STOPPED, Errc::exchange_stopped},
    {A2A_ERR_BUS_NACK, Errc::bus_nack},
    {A2A_ERR_BUS_TIMEOUT, Errc::bus_timeout},
    {A2A_ERR_BUS_READBACK_MISMATCH, Errc::bus_readback_mismatch},
    {A2A_ERR_FABRIC_TIMING_UNSUPPORTED, Errc::fabric_timing_unsupported},
    {A2A_ERR_FABRIC_BACKEND_UNAVAILABLE, Errc::fabric_backend_unavailable},
    {A2A_ERR_EXCHANGE_UNACKNOWLEDGED, Errc::exchange_unacknowledged},
    {A2A_ERR_FABRIC_OPERATION_UNSUPPORTED, Errc::fabric_operation_unsupported},
};
constexpr bool status_codes_hold() {
  return std::ranges::all_of(kStatusCodes,
                             [](const StatusCode& s) { return static_cast<int>(s.c) == static_cast<int>(s.core); });
}
static_assert(status_codes_hold(), "a2a_status must carry Errc's numbers (errc.hpp)");

// The API's own codes (192 and up) must be free in the core: its message for them
// is the one it gives an unknown code.
constexpr a2a_status kOwnCodes[] = {A2A_ERR_NULL_ARGUMENT,           A2A_ERR_NOT_MADE,
                                    A2A_ERR_ROUND_OF_OTHER_SCHEDULE, A2A_ERR_BUFFER_TOO_SMALL,
                                    A2A_ERR_EXCHANGE_VIOLATION,      A2A_ERR_BUFFER_MISALIGNED};
constexpr std::size_t kFirstOwnCode = kFirstUnusedCode;
constexpr std::size_t kFirstConfigurationCode = 64;
constexpr std::size_t kCodes = 256;
constexpr std::string_view kUnknownError = describe(static_cast<Errc>(kCodes - 1));
constexpr bool own_codes_free() {
  for (std::size_t c = kFirstOwnCode; c < kCodes; ++c)
    if (describe(static_cast<Errc>(c)) != kUnknownError) return false;
  return true;
}
static_assert(own_codes_free(), "the core now uses codes from 192: move the C API's own codes (a2a.h)");

// a2a.h's topology and family enumerators, each with the core's name it stands for,
// in the core's code order: held to the core's lists (kAllTopologies,
// kAllScheduleKinds) entry by entry, so an enumerator that is missing, extra, out of
// order, numbered or spelled otherwise fails to compile. An enumerator is spelled
// A2A_ + the name in upper case with '-' as '_', except where C needs another
// (two enumerators cannot both be A2A_SHIFT).
struct CEnumerator {
  int code;
  std::string_view spelled;  ///< the enumerator as a2a.h spells it
  std::string_view core_name;
  std::string_view spelled_otherwise{};  ///< why it breaks the spelling rule, if it does
};
// NOLINTNEXTLINE(cppcoreguidelines-macro-usage)
#define A2A_C_ENUMERATOR(e, ...) \
  CEnumerator { e, #e, __VA_ARGS__ }
constexpr CEnumerator kCTopologies[] = {
    A2A_C_ENUMERATOR(A2A_OMEGA, "omega"),
    A2A_C_ENUMERATOR(A2A_BASELINE, "baseline"),
    A2A_C_ENUMERATOR(A2A_BANYAN, "banyan"),
    A2A_C_ENUMERATOR(A2A_REVERSE_OMEGA, "reverse-omega"),
    A2A_C_ENUMERATOR(A2A_REVERSE_BASELINE, "reverse-baseline"),
    A2A_C_ENUMERATOR(A2A_REVERSE_BANYAN, "reverse-banyan"),
    A2A_C_ENUMERATOR(A2A_GSEN, "gsen"),
    A2A_C_ENUMERATOR(A2A_SHIFT, "shift"),
};
constexpr CEnumerator kCFamilies[] = {
    A2A_C_ENUMERATOR(A2A_LATIN_SQUARE, "latin-square"),
    A2A_C_ENUMERATOR(A2A_ALTERNATING, "alternating"),
    A2A_C_ENUMERATOR(A2A_OPTICAL, "optical"),
    A2A_C_ENUMERATOR(A2A_SHIFT_PASSES, "shift", "A2A_SHIFT is the topology"),
    A2A_C_ENUMERATOR(A2A_GSEN_STAGE_CONTROL, "gsen-stage-control"),
    A2A_C_ENUMERATOR(A2A_DOUBLY_ALTERNATING, "doubly-alternating"),
    A2A_C_ENUMERATOR(A2A_QUADRUPLY_ALTERNATING, "quadruply-alternating"),
    A2A_C_ENUMERATOR(A2A_BROADCAST, "broadcast"),
    A2A_C_ENUMERATOR(A2A_FAULT_TOLERANT, "fault-tolerant"),
    A2A_C_ENUMERATOR(A2A_TABLE, "table"),
};
#undef A2A_C_ENUMERATOR

/// "A2A_" + the name in upper case, '-' as '_'.
constexpr bool spelled_by_rule(std::string_view spelled, std::string_view core_name) {
  if (spelled.size() != 4 + core_name.size() || spelled.substr(0, 4) != "A2A_") return false;
  for (std::size_t i = 0; i < core_name.size(); ++i) {
    const char c = core_name[i];
    const char want = c == '-' ? '_' : (c >= 'a' && c <= 'z') ? static_cast<char>(c - 'a' + 'A') : c;
    if (spelled[4 + i] != want) return false;
  }
  return true;
}
template <std::size_t M, class List>
constexpr bool same_as_core(const CEnumerator (&c)[M], const List& core) {
  if (M != core.size()) return false;
  for (std::size_t i = 0; i < M; ++i) {
    if (c[i].code != static_cast<int>(core[i]) || c[i].core_name != name(core[i])) return false;
    if (c[i].spelled_otherwise.empty() != spelled_by_rule(c[i].spelled, c[i].core_name)) return false;
  }
  return true;
}
static_assert(same_as_core(kCTopologies, kAllTopologies),
              "a2a.h's a2a_topology must have one enumerator per topology of the core's list (topologies.hpp)");
static_assert(same_as_core(kCFamilies, kAllScheduleKinds),
              "a2a.h's a2a_family must have one enumerator per family of the core's list (schedule_families.hpp)");
static_assert(A2A_NATURAL == static_cast<int>(RoundOrder::natural) && A2A_GRAY == static_cast<int>(RoundOrder::gray));
static_assert(A2A_CONTROL_STAGE == static_cast<int>(ControlMode::stage) &&
              A2A_CONTROL_ALTERNATING == static_cast<int>(ControlMode::alternating) &&
              A2A_CONTROL_DOUBLY_ALTERNATING == static_cast<int>(ControlMode::doubly_alternating) &&
              A2A_CONTROL_QUADRUPLY_ALTERNATING == static_cast<int>(ControlMode::quadruply_alternating) &&
              A2A_CONTROL_INDIVIDUAL == static_cast<int>(ControlMode::individual));
static_assert(A2A_VIOLATION_NONE == static_cast<int>(Violation::none) &&
              A2A_VIOLATION_STORAGE_TOO_SMALL == static_cast<int>(Violation::storage_too_small) &&
              A2A_VIOLATION_WRONG_ROUND_COUNT == static_cast<int>(Violation::wrong_round_count) &&
              A2A_VIOLATION_WRONG_DESTINATION == static_cast<int>(Violation::wrong_destination) &&
              A2A_VIOLATION_WRONG_TAG == static_cast<int>(Violation::wrong_tag) &&
              A2A_VIOLATION_OUTPUT_CONFLICT == static_cast<int>(Violation::output_conflict) &&
              A2A_VIOLATION_PAIR_DUPLICATED == static_cast<int>(Violation::pair_duplicated) &&
              A2A_VIOLATION_PAIR_MISSING == static_cast<int>(Violation::pair_missing) &&
              A2A_VIOLATION_RELAY_OUT_OF_ORDER == static_cast<int>(Violation::relay_out_of_order) &&
              A2A_VIOLATION_CROSSTALK == static_cast<int>(Violation::crosstalk));

// --- texts as C strings ------------------------------------------------------
/// The text of each of Count codes, NUL-terminated, a run of one text stored once.
/// The last code is the one every unused code shares ("unknown error"): its text
/// comes first.
template <std::size_t Count, std::size_t Chars>
struct TextTable {
  std::array<char, Chars> chars{};
  std::array<std::uint16_t, Count> at{};
};

/// A code whose text i shares and that is stored before it: the last code, or the one
/// just before i (a run of codes with one text, as the texts a build leaves out);
/// Count if neither. Linear, not a search of every earlier text: clang's constant
/// evaluator counts its steps (256 codes squared would pass its limit).
template <std::string_view (*Text)(std::size_t), std::size_t Count>
constexpr std::size_t same_text_before(std::size_t i) {
  if (Text(i) == Text(Count - 1)) return Count - 1;
  if (i > 0 && Text(i - 1) == Text(i)) return i - 1;
  return Count;
}

template <std::string_view (*Text)(std::size_t), std::size_t Count>
constexpr std::size_t table_chars() {
  std::size_t chars = Text(Count - 1).size() + 1;
  for (std::size_t i = 0; i + 1 < Count; ++i)
    if (same_text_before<Text, Count>(i) == Count) chars += Text(i).size() + 1;
  return chars;
}

template <std::string_view (*Text)(std::size_t), std::size_t Count>
constexpr TextTable<Count, table_chars<Text, Count>()> make_table() {
  TextTable<Count, table_chars<Text, Count>()> table;
  std::size_t used = 0;
  const auto append = [&](std::string_view text) {
    for (const char c : text) table.chars[used++] = c;
    table.chars[used++] = '\0';
  };
  append(Text(Count - 1));  // at 0
  for (std::size_t i = 0; i + 1 < Count; ++i) {
    const std::size_t same = same_text_before<Text, Count>(i);
    if (same != Count) {
      table.at[i] = same == Count - 1 ? 0 : table.at[same];
      continue;
    }
    table.at[i] = static_cast<std::uint16_t>(used);
    append(Text(i));
  }
  return table;
}

constexpr const char* kOwnTexts[] = {
    "a required pointer argument is NULL",
    "the state was not made by this API (a2a_schedule_make, a2a_schedule_round) or was overwritten",
    "the round was taken from another schedule (another family or network)",
    "the caller's buffer is too small (see the size this call documents)",
    "the exchange check found a violation (a2a_check.violation and a2a_violation_text say which)",
    "the caller's buffer is not 4-byte aligned",
};
static_assert(std::size(kOwnTexts) == std::size(kOwnCodes));

/// The codes this API's calls return: the core's (its parameters), config_bad_order
/// (a2a_parse_order, a2a_schedule_make) and its own; the configuration's and the
/// fabric's others come from the C++ application, never from a2a.h's calls.
constexpr bool returned_by_capi(std::size_t code) {
  return code < kFirstConfigurationCode || code == static_cast<std::size_t>(Errc::config_bad_order) ||
         code >= kFirstOwnCode;
}
constexpr std::string_view kTextLeftOut =
    "a2a was built with the texts of the C API's own statuses only (A2A_STATUS_TEXTS=capi): a2a.h names this code";

constexpr std::string_view status_text(std::size_t code) {
  if (A2A_CAPI_STATUS_TEXTS != A2A_CAPI_TEXTS_ALL && code + 1 < kCodes && !returned_by_capi(code)) return kTextLeftOut;
  if (code >= kFirstOwnCode && code - kFirstOwnCode < std::size(kOwnTexts)) return kOwnTexts[code - kFirstOwnCode];
  return describe(static_cast<Errc>(code));
}
#if A2A_CAPI_STATUS_TEXTS
constexpr auto kStatusTexts = make_table<status_text, kCodes>();
#endif

constexpr std::size_t kViolations = A2A_VIOLATION_CROSSTALK + 2;  // the last: "unknown violation"
constexpr std::string_view violation_text(std::size_t v) { return describe(static_cast<Violation>(v)); }
constexpr auto kViolationTexts = make_table<violation_text, kViolations>();

constexpr std::size_t kTopologyNames = kAllTopologies.size() + 1;  // the last: "unknown"
constexpr std::string_view topology_text(std::size_t t) {
  return t < kAllTopologies.size() ? name(static_cast<Topology>(t)) : std::string_view("unknown");
}
constexpr auto kTopologyTexts = make_table<topology_text, kTopologyNames>();

constexpr std::size_t kFamilyNames = kAllScheduleKinds.size() + 1;  // the last: "unknown"
constexpr std::string_view family_text(std::size_t f) { return name(static_cast<ScheduleKind>(f)); }
constexpr auto kFamilyTexts = make_table<family_text, kFamilyNames>();

template <class Table>
const char* text(const Table& table, std::size_t i) {
  return &table.chars[table.at[i < table.at.size() ? i : table.at.size() - 1]];
}

std::string_view view_of(const char* s) { return {s, std::strlen(s)}; }

}  // namespace

// The C entry points. With C linkage they are the functions a2a.h declares at
// global scope, wherever they are defined ([dcl.link]).

// kVersion views a string literal: its data() is NUL-terminated.
extern "C" const char* a2a_version(void) { return a2a::kVersion.data(); }

extern "C" const char* a2a_strerror(a2a_status status) {
#if A2A_CAPI_STATUS_TEXTS
  const auto code = static_cast<std::size_t>(static_cast<unsigned>(status));
  return text(kStatusTexts, code < kCodes ? code : kCodes - 1);  // code 255: the core's "unknown error"
#else
  // Codes only (A2A_STATUS_TEXTS=off): the texts are a2a's largest table.
  return status == A2A_OK ? "ok"
                          : "a2a was built without its status texts (A2A_STATUS_TEXTS=off): a2a.h names the code";
#endif
}

extern "C" const char* a2a_violation_text(a2a_violation violation) {
  return text(kViolationTexts, static_cast<std::size_t>(static_cast<unsigned>(violation)));
}

extern "C" const char* a2a_topology_name(a2a_topology topology) {
  return text(kTopologyTexts, static_cast<std::size_t>(static_cast<unsigned>(topology)));
}

extern "C" const char* a2a_family_name(a2a_family family) {
  return text(kFamilyTexts, static_cast<std::size_t>(static_cast<unsigned>(family)));
}

extern "C" a2a_status a2a_parse_topology(const char* name, a2a_topology* out) {
  if (name == nullptr || out == nullptr) return A2A_ERR_NULL_ARGUMENT;
  const auto t = parse_topology(view_of(name));
  if (!t) return status_of(t.error());
  *out = static_cast<a2a_topology>(*t);
  return A2A_OK;
}

extern "C" a2a_status a2a_parse_family(const char* name, a2a_family* out) {
  if (name == nullptr || out == nullptr) return A2A_ERR_NULL_ARGUMENT;
  const auto k = parse_schedule_kind(view_of(name));
  if (!k) return status_of(k.error());
  *out = static_cast<a2a_family>(*k);
  return A2A_OK;
}

extern "C" a2a_status a2a_parse_order(const char* name, a2a_order* out) {
  if (name == nullptr || out == nullptr) return A2A_ERR_NULL_ARGUMENT;
  const std::string_view text = view_of(name);
  if (text == "natural")
    *out = A2A_NATURAL;
  else if (text == "gray")
    *out = A2A_GRAY;
  else
    return A2A_ERR_CONFIG_BAD_ORDER;
  return A2A_OK;
}

}  // namespace a2a::capi
