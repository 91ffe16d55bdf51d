// The library's errors, one value per specific problem, grouped by the layer
// that refuses it. The numbers are not stored or sent anywhere (the console
// sends text, docs/protocol.md), but each layer has its own range so that
// layer_of() can tell where an error comes from: the ranges are stated once, by
// kFirstConfigurationCode, kFirstFabricCode and kFirstUnusedCode below (every other
// place, a2a.h and the docs included, points here). The host tool's own usage errors are not
// Errc values: they are tool::UsageError messages with exit status 2
// (platform/host/tool/tool_error.hpp); whatever the core, the configuration
// or the HAL refuses, the tool reports with describe().
//
// Messages that quote a bound are composed from its named limit (limits.hpp)
// at compile time, so they cannot name a stale number.
#pragma once

#include <cstdint>
#include <string_view>

#include "a2a/limits.hpp"
#include "a2a/message_text.hpp"

namespace a2a {

/// Where each layer's codes begin: the core's from 1, the configuration's from
/// kFirstConfigurationCode, the fabric's (HAL and app) from kFirstFabricCode; from
/// kFirstUnusedCode on, none (the C API's own codes live there, a2a.h).
inline constexpr std::uint8_t kFirstConfigurationCode = 64;
inline constexpr std::uint8_t kFirstFabricCode = 128;
inline constexpr std::uint8_t kFirstUnusedCode = 192;

/// Every way a parameter can be refused. Each value names one specific problem.
enum class Errc : std::uint8_t {
  ok = 0,
  // --- core (from 1): network parameters, indices, schedules, GSEN sets, optical and
  // fault-tolerant families.
  radix_too_small = 1,                 ///< d < 2
  radix_too_large,                     ///< d > kMaxRadix
  ports_too_small,                     ///< N below the smallest network of the topology
  ports_too_large,                     ///< N above kMaxPorts
  ports_odd,                           ///< GSEN needs an even N
  ports_not_power_of_radix,            ///< omega, baseline, banyan and reverses need N = d^n
  topology_unknown,                    ///< not one of the Topology values
  topology_needs_binary,               ///< GSEN is built from 2 x 2 switches only (d = 2)
  shift_needs_binary,                  ///< the shift network (paper 003) is built from 2 x 2 switches only
  shift_ports_too_large,               ///< the shift network's log2 N + 1 stages exceed kMaxStages (N > kMaxShiftPorts)
  port_out_of_range,                   ///< port >= N
  round_out_of_range,                  ///< round >= number of rounds
  stage_out_of_range,                  ///< stage >= n
  switch_out_of_range,                 ///< switch >= N / d
  state_out_of_range,                  ///< switch state >= d
  schedule_unknown,                    ///< not one of the ScheduleKind names
  schedule_needs_unique_path,          ///< Latin-square stage control needs a banyan (unique-path) MIN
  schedule_needs_ports_2_mod_4,        ///< alternating control (Algorithm 4) needs N = 2 (mod 4)
  schedule_needs_gsen,                 ///< alternating control is defined on GSEN only
  initial_config_needs_binary,         ///< an arbitrary initial configuration M^0 is for d = 2 only
  initial_config_size_mismatch,        ///< M^0 does not hold one bit per switch of the network
  shift_network_needs_shift_schedule,  ///< the shift network runs the shift schedule only (it is no banyan MIN)
  schedule_needs_shift_network,        ///< the shift schedule (paper 003) runs on the shift network only
  optical_needs_binary,                ///< the A/B parity split of paper 002 is for 2 x 2 switches (d = 2)
  schedule_set_malformed,              ///< configuration ranges not ascending, overlapping, empty or beyond 2^n
  schedule_set_incomplete,             ///< the configuration set leaves some ordered pair (i, j) unreached
  schedule_order_needs_all_configurations,  ///< gray order over a configuration set that is not all 2^n words
  gsen_schedule_on_other_topology,          ///< GSEN stage control / broadcast asked for on a non-GSEN network
  table_size_mismatch,                      ///< a destination table's N x rounds differs from the schedule's
  fault_out_of_range,                       ///< a fault names a stage or switch the network does not have
  faults_not_supported,                     ///< no fault-tolerant schedule for this network yet
  /// a fault in the first or last stage, or several: cut_off_processors(), first_undeliverable()
  fault_cuts_off_processors,
  schedule_needs_fault,          ///< the fault-tolerant schedule asked for without exactly one faulty switch
  fault_plan_storage_too_small,  ///< baseline/banyan faults need relay-plan storage for N ports
  fault_plan_too_long,           ///< the relay planner needed more than 3N extra rounds (the general one: 8N)
  link_fault_out_of_range,       ///< a link fault names a stage beyond n-2 or a terminal >= N
  fault_duplicate,               ///< the same fault listed twice
  faults_too_many,               ///< more faults than kMaxFaults
  faults_separate_processors,  ///< some pair has no fault-free path and no two-hop relay, though neither end is cut off
  table_needs_binary,          ///< a stored configuration set holds one bit per switch: d = 2 only
  table_ports_too_large,       ///< a stored configuration set for N above kMaxTablePorts
  table_malformed,             ///< a stored set's topology, N or bit-array sizes do not match the network
  table_not_exact,             ///< a stored set misses a pair or serves one twice (checked at switch level)
  table_none_for_network,      ///< the table family asked for on a network with no stored set
  fault_plan_over_budget,  ///< planning around the faults needs more rounds of planning than the caller's budget allows
  topology_not_built,      ///< a topology this build of a2a leaves out (A2A_TOPOLOGIES)
  schedule_not_built,      ///< a schedule family this build of a2a leaves out (A2A_FAMILIES)
  // --- configuration (from kFirstConfigurationCode): the application's configuration
  // block and its key=value overrides (a2a/config/config_block.hpp).
  config_too_short = kFirstConfigurationCode,  ///< fewer bytes than a configuration block
  config_bad_magic,                            ///< the block does not start with the a2a magic
  config_unsupported_version,                  ///< a block layout this firmware does not know
  config_crc_mismatch,                         ///< the CRC-32 does not match the contents
  config_bad_order,                            ///< round order is neither natural nor gray
  config_too_many_faults,                      ///< more faults than the block can hold
  config_reserved_not_zero,                    ///< reserved bytes must be zero
  argument_unknown_key,                        ///< a key=value override with an unknown key
  argument_bad_value,                          ///< a key=value override whose value does not parse
  argument_repeated,           ///< a key=value override whose key was given before (only fault= repeats)
  config_fault_flags_invalid,  ///< a fault slot's flag bits name nothing (a state without stuck, a stuck link)
  config_time_out_of_range,    ///< a settle or guard time above kMaxSwitchTimeMicros
  config_unknown_fabric,       ///< a fabric byte or name that is not a FabricBackend (a2a, spi-chain)
  // The configuration store (a2a/config/config_store.hpp): save and erase on the board's flash.
  config_store_absent,             ///< save or erase on a board that keeps no configuration store
  config_store_empty,              ///< erase with no configuration saved (both copies blank)
  config_flash_locked,             ///< the flash stayed locked after its unlock keys (a wrong key sequence)
  config_flash_write_protected,    ///< the flash refused the erase or program: the sector is write-protected (WRPERR)
  config_flash_alignment_error,    ///< the flash flagged a program that crossed its row (PGAERR)
  config_flash_parallelism_error,  ///< the flash flagged a program of the wrong width for PSIZE (PGPERR)
  config_flash_sequence_error,     ///< the flash flagged a program out of sequence (PGSERR: PG not set)
  config_flash_operation_error,    ///< the flash flagged an operation error (OPERR)
  config_flash_timeout,            ///< an erase or a program stayed busy past its data-sheet maximum
  config_flash_not_erased,         ///< after an erase the copy's words did not read back erased (0xFFFFFFFF)
  config_flash_verify_mismatch,    ///< after programming the copy read back other words than were written
  // --- fabric (from kFirstFabricCode): The HAL: driving a fabric's register block (hal/).
  tag_out_of_range = kFirstFabricCode,  ///< a forward tag >= d^n (more digits than the network has stages)
  control_mode_unknown,                 ///< not one of the ControlMode values
  fabric_not_configured,                ///< the fabric has no network configured yet
  fabric_network_mismatch,              ///< the fabric is configured for another network than the schedule's
  fabric_capacity_exceeded,             ///< the network needs more ports or stages than the fabric block has
  fabric_device_mismatch,               ///< the register block does not identify as the expected fabric
  fabric_timeout,                       ///< the fabric stayed busy for every allowed STATUS poll
  fabric_round_not_run,                 ///< the fabric refused or aborted the committed round (STATUS.error)
  fabric_round_faulted,          ///< the round ran but the fabric flagged a conflict, crosstalk, fault or misroute
  fabric_readback_mismatch,      ///< a shadow register read back differs from what was written
  fabric_round_in_doubt,         ///< a hung round ignored ABORT: whether it was delivered is unknown
  poll_bound_zero,               ///< a wait allowed no STATUS read at all (max_polls = 0)
  fabric_inject_unsupported,     ///< the block has no fault-injection registers (CAP_SHAPE.Inject = 0)
  fabric_relay_unsupported,      ///< the fabric cannot carry relayed messages (no PORT_MESSAGE)
  fabric_relay_off,              ///< a port message written while the fabric is not in relay mode
  lookahead_individual_control,  ///< look-ahead mode: a round sets switches individually (SWITCH_STATE)
  lookahead_needs_one_stage,     ///< look-ahead with a window above 1: a round changes more than one stage
  lookahead_bad_window,      ///< look-ahead window 0, above the ring, or above 1 while the controller writes headers
  slot_timer_refused,        ///< the board's slot timer cannot run at the period asked (or the board has none)
  stepper_needs_gray_steps,  ///< a round stepper for rounds that change more than one stage, or d != 2^w
  fabric_round_incomplete,   ///< a clean round's outputs (ARRIVED) did not receive what the plan sent them
  exchange_stopped,          ///< the exchange was stopped at a round boundary, as its caller asked (the console's stop)
  bus_nack,                  ///< a switch chip did not acknowledge a transfer (I2C NACK)
  bus_timeout,               ///< a transfer to the switches did not complete in time (SPI, I2C)
  bus_readback_mismatch,     ///< what came back from the switches on the bus differs from what was written
  fabric_timing_unsupported,     ///< settle_us or guard_us on a fabric that does not wait them (not a SwitchFabric)
  fabric_backend_unavailable,    ///< fabric=spi-chain on a board (or image) that drives no switch path
  exchange_unacknowledged,       ///< every round ran, but the product's receipts did not acknowledge every hop
  fabric_operation_unsupported,  ///< the fabric's hardware does not do that (a control mode, abort, a capability)
};

/// The layer whose check refused a parameter.
enum class ErrorLayer : std::uint8_t { none, core, configuration, fabric };

constexpr ErrorLayer layer_of(Errc e) {
  const auto v = static_cast<std::uint8_t>(e);
  if (v == 0) return ErrorLayer::none;
  if (v < kFirstConfigurationCode) return ErrorLayer::core;
  if (v < kFirstFabricCode) return ErrorLayer::configuration;
  return ErrorLayer::fabric;
}

namespace detail {
/// The messages of the core's network and schedule errors ("" for the others).
constexpr std::string_view describe_core(Errc e) {
  switch (e) {
    case Errc::radix_too_small: return "radix d must be at least 2";
    case Errc::radix_too_large:
      return detail::message<[] { return detail::pieces("radix d must be at most ", kMaxRadix); }>();
    case Errc::ports_too_small: return "too few ports for this topology (GSEN needs N >= 4, others N >= d)";
    case Errc::ports_too_large:
      return detail::message<[] {
        return detail::pieces("N is above the supported maximum of ", kMaxPorts, " ports");
      }>();
    case Errc::ports_odd: return "GSEN needs an even number of ports N";
    case Errc::ports_not_power_of_radix: return "N must be a power of the radix d (N = d^n) for this topology";
    case Errc::topology_unknown: return "unknown topology";
    case Errc::topology_needs_binary: return "GSEN is built from 2x2 switches: radix must be 2";
    case Errc::shift_needs_binary: return "the shift network (paper 003) is built from 2x2 switches: radix must be 2";
    case Errc::shift_ports_too_large:
      return detail::message<[] {
        return detail::pieces("the shift network has log2 N + 1 stages, at most ", kMaxStages, ": N must be at most ",
                              kMaxShiftPorts);
      }>();
    case Errc::port_out_of_range: return "port index out of range (must be < N)";
    case Errc::round_out_of_range: return "round index out of range";
    case Errc::stage_out_of_range: return "stage index out of range (must be < n)";
    case Errc::switch_out_of_range: return "switch index out of range (must be < N/d)";
    case Errc::state_out_of_range: return "switch state out of range (must be < d)";
    case Errc::schedule_unknown: return "unknown schedule";
    case Errc::schedule_needs_unique_path:
      return "Latin-square stage control needs a unique-path network (GSEN only when N is a power of 2)";
    case Errc::schedule_needs_ports_2_mod_4: return "alternating stage control (Algorithm 4) needs N = 2 (mod 4)";
    case Errc::schedule_needs_gsen: return "alternating stage control is defined on GSEN only";
    case Errc::initial_config_needs_binary: return "an arbitrary initial configuration M^0 needs d = 2";
    case Errc::initial_config_size_mismatch:
      return "initial configuration must hold one state per switch (n * N/2 bits)";
    case Errc::shift_network_needs_shift_schedule:
      return "the shift network (paper 003) runs the shift schedule only; other schedules need a banyan-type MIN";
    case Errc::schedule_needs_shift_network: return "the shift schedule (paper 003) runs on the shift network only";
    case Errc::optical_needs_binary:
      return "the optical schedule (paper 002) splits each round by bit parity: radix must be 2";
    case Errc::schedule_set_malformed:
      return "configuration set: ranges must be non-empty, ascending, disjoint and below 2^n";
    case Errc::schedule_set_incomplete:
      return "the configuration set does not reach every ordered pair (i, j) of this GSEN";
    case Errc::schedule_order_needs_all_configurations:
      return "gray round order needs all 2^n configurations; this configuration set runs in natural order";
    case Errc::gsen_schedule_on_other_topology:
      return "GSEN stage control and the GSEN broadcast are defined on GSEN only (use latin-square elsewhere)";
    case Errc::table_size_mismatch:
      return "destination table size differs from the schedule (it needs N rows and one column per round)";
    default: break;
  }
  return {};
}
/// The messages of the core's fault, table and planning errors ("" for the others).
constexpr std::string_view describe_core_faults(Errc e) {
  switch (e) {
    case Errc::fault_out_of_range: return "fault position out of range (stage < n, switch < N/d)";
    case Errc::faults_not_supported: return "no fault-tolerant schedule exists for this network yet";
    case Errc::fault_cuts_off_processors:
      return "a fault in the first or last stage cuts processors off (no path to or from them), as can several "
             "faults together";
    case Errc::schedule_needs_fault:
      return "the fault-tolerant schedule needs exactly one faulty switch (fault=STAGE:SWITCH)";
    case Errc::fault_plan_storage_too_small:
      return "a fault in this network needs relay-plan storage for N ports (SingleFaultPlanStorage<N>); none or too "
             "little was given";
    case Errc::fault_plan_too_long:
      return detail::message<[] {
        return detail::pieces("the relay planner needed more than ", kMaxRelayRoundsPerPort,
                              "N extra rounds (the planner of several faults: ", kMaxFaultRoundsPerPort,
                              "N); please report it");
      }>();
    case Errc::link_fault_out_of_range:
      return "link fault out of range (the link leaves stage 0 .. n-2 on a terminal below N)";
    case Errc::fault_duplicate: return "the same fault is listed twice";
    case Errc::faults_too_many:
      return detail::message<[] {
        return detail::pieces("too many faults (at most ", kMaxFaults, " switches and links together)");
      }>();
    case Errc::faults_separate_processors:
      return "the faults leave a pair with no fault-free path and no two-hop relay, though neither end is cut off";
    case Errc::table_needs_binary: return "a stored configuration set holds one bit per switch: radix must be 2";
    case Errc::table_ports_too_large:
      return detail::message<[] {
        return detail::pieces("stored configuration sets are for N up to ", kMaxTablePorts);
      }>();
    case Errc::table_malformed:
      return "the stored configuration set does not fit the network (topology, N or the size of its bit arrays)";
    case Errc::table_not_exact:
      return "the stored configuration set does not serve every ordered pair exactly once at switch level";
    case Errc::table_none_for_network:
      return "no stored configuration set for this network (the table family: docs/search.md lists the catalogue)";
    case Errc::fault_plan_over_budget:
      return "planning around these faults needs more planning work than this device's budget allows (each planned "
             "round counts; the budget keeps planning within the watchdog's reach): fewer faults plan within it";
    case Errc::topology_not_built:
      return "this build of a2a leaves that topology out (its A2A_TOPOLOGIES list, docs/c-api.md)";
    case Errc::schedule_not_built:
      return "this build of a2a leaves that schedule family out (its A2A_FAMILIES list, docs/c-api.md)";
    default: break;
  }
  return {};
}
/// The messages of the configuration store's errors (save, erase: the board's flash).
constexpr std::string_view describe_configuration_store(Errc e) {
  switch (e) {
    case Errc::config_store_absent:
      return "this board keeps no configuration store: its configuration region cannot be written by the device "
             "(provision a block with a probe, docs/flashing.md)";
    case Errc::config_store_empty: return "no configuration is saved (both copies of the store are blank)";
    case Errc::config_flash_locked:
      return "the configuration flash stayed locked after its unlock keys (a wrong key sequence locks it until reset)";
    case Errc::config_flash_write_protected:
      return "the configuration flash refused the operation: its sector is write-protected (WRPERR)";
    case Errc::config_flash_alignment_error:
      return "the configuration flash flagged a programming alignment error (PGAERR)";
    case Errc::config_flash_parallelism_error:
      return "the configuration flash flagged a programming parallelism error: the write's width is not PSIZE's "
             "(PGPERR)";
    case Errc::config_flash_sequence_error:
      return "the configuration flash flagged a programming sequence error (PGSERR)";
    case Errc::config_flash_operation_error: return "the configuration flash flagged an operation error (OPERR)";
    case Errc::config_flash_timeout:
      return "the configuration flash stayed busy past its data sheet's longest erase or program time";
    case Errc::config_flash_not_erased:
      return "after the erase the configuration copy did not read back erased (a worn or protected sector)";
    case Errc::config_flash_verify_mismatch:
      return "the configuration copy read back differs from what was programmed (a worn or failing flash)";
    default: break;
  }
  return {};
}
/// The messages of the configuration layer's errors ("" for another layer's).
constexpr std::string_view describe_configuration(Errc e) {
  switch (e) {
    case Errc::config_too_short: return "configuration block too short";
    case Errc::config_bad_magic: return "configuration block has a bad magic number (not an a2a block)";
    case Errc::config_unsupported_version: return "configuration block version not supported";
    case Errc::config_crc_mismatch: return "configuration block CRC-32 mismatch (corrupted)";
    case Errc::config_bad_order: return "round order must be natural or gray";
    case Errc::config_too_many_faults:
      return detail::message<[] {
        return detail::pieces("too many faults in the configuration (at most ", kMaxConfigFaults, ")");
      }>();
    case Errc::config_reserved_not_zero: return "reserved bytes of the configuration block must be zero";
    case Errc::argument_unknown_key:
      return "unknown configuration key (use topology, ports, radix, schedule, order, fault, degraded, settle_us, "
             "guard_us, fabric)";
    case Errc::argument_bad_value: return "configuration value does not parse";
    case Errc::config_fault_flags_invalid:
      return "a fault slot of the configuration block has flags that name nothing: the state bit (13) needs the stuck "
             "bit (14), and a link (bit 15) cannot be stuck";
    case Errc::argument_repeated:
      return "this configuration key was already given on the line (only fault= may repeat): give each key once";
    case Errc::config_time_out_of_range:
      return detail::message<[] {
        return detail::pieces("the configuration's settle_us and guard_us are at most ", kMaxSwitchTimeMicros,
                              " microseconds (one second)");
      }>();
    case Errc::config_unknown_fabric:
      return "unknown fabric in the configuration (a2a: the a2a block sets the switches; spi-chain: switch elements "
             "on SPI shift-register chains)";
    default: break;
  }
  return describe_configuration_store(e);
}
/// The messages of the fabric layer's errors ("" for another layer's).
constexpr std::string_view describe_fabric(Errc e) {
  switch (e) {
    case Errc::tag_out_of_range: return "forward tag out of range (must be < d^n)";
    case Errc::control_mode_unknown: return "unknown switch control mode";
    case Errc::fabric_not_configured: return "the fabric has no network configured (configure it first)";
    case Errc::fabric_network_mismatch: return "the fabric is configured for a different network than the schedule";
    case Errc::fabric_capacity_exceeded:
      return "the network needs more ports or stages than the fabric register block provides";
    case Errc::fabric_device_mismatch:
      return "the register block does not identify as an a2a fabric of the expected capacity";
    case Errc::fabric_timeout: return "the fabric did not finish the round within the allowed STATUS polls";
    case Errc::fabric_round_not_run:
      return "the fabric did not run the round (invalid configuration, commit while busy, or aborted)";
    case Errc::fabric_round_faulted:
      return "the fabric flagged the round (conflict, optical crosstalk, faulty switch or misroute)";
    case Errc::fabric_readback_mismatch:
      return "a fabric register read back differs from what was written (the round was not committed)";
    case Errc::fabric_round_in_doubt:
      return "the fabric stayed busy even after ABORT: the round may or may not have been delivered (reset it)";
    case Errc::poll_bound_zero: return "max_polls must be at least 1: a wait needs at least one STATUS read";
    case Errc::fabric_inject_unsupported:
      return "the fabric block does not implement fault injection (CAP_SHAPE.Inject = 0)";
    case Errc::fabric_relay_unsupported:
      return "this fabric cannot carry relayed messages (no per-port origin and final destination)";
    case Errc::fabric_relay_off:
      return "a port message needs the fabric configured in relay mode (configure(net, optical, true))";
    case Errc::lookahead_individual_control:
      return "look-ahead mode writes one STAGE_CTRL word per slot: rounds that set switches individually "
             "(SWITCH_STATE) run in the direct round loop";
    case Errc::lookahead_needs_one_stage:
      return "look-ahead with rounds in flight needs rounds that change one stage each (Gray order); "
             "with a window of 1 any order runs";
    case Errc::lookahead_bad_window:
      return "the look-ahead window must be at least 1 and below the slot ring's capacity, and 1 while the "
             "controller writes the port headers";
    case Errc::stepper_needs_gray_steps:
      return "a round stepper needs rounds that change one stage each with d = 2^w: a Latin square in gray "
             "order with M^0 = 0, or the alternating schedule, on the network the fabric is configured for";
    case Errc::slot_timer_refused:
      return "the board's slot timer cannot run at this slot period (or the board has no slot timer)";
    case Errc::fabric_round_incomplete:
      return "the outputs did not receive what the round sent them (a fault the fabric does not name)";
    case Errc::exchange_stopped:
      return "stopped at a round boundary as asked (stop); the fabric is idle, nothing of a round is half-run";
    case Errc::bus_nack:
      return "a switch chip did not acknowledge its address or data on the bus (I2C NACK): nothing of the round "
             "was latched";
    case Errc::bus_timeout:
      return "a transfer to the switches did not complete in time (SPI or I2C bus timeout): nothing of the round "
             "was latched";
    case Errc::bus_readback_mismatch:
      return "the switches returned on the bus something other than what was written (a broken chain or a chip "
             "that did not take its setting): the round was not latched";
    case Errc::fabric_timing_unsupported:
      return "settle_us and guard_us are the settle and guard times of switch hardware the controller latches "
             "(SPI chains, crosspoint chips, GPIO); this fabric carries a round when it is committed: give 0";
    case Errc::fabric_backend_unavailable:
      return "fabric=spi-chain needs a board that drives switch elements on an SPI chain (the MPS2 boards' PL022); "
             "this one sets its switches through the a2a block only (fabric=a2a)";
    case Errc::exchange_unacknowledged:
      return "every round ran, but the product's acknowledgements did not name the origin of every pair sent "
             "(the lost pairs are listed; nothing was sent twice)";
    case Errc::fabric_operation_unsupported:
      return "this fabric's hardware does not do that (a control mode it lacks, taking back a latched round, or "
             "a capability its driver does not implement): see docs/porting.md, \"What a fabric offers\"";
    default: break;
  }
  return {};
}
/// Whether `e` is one of Errc's enumerators: a switch with no default, so that a new
/// enumerator missing here is a compile error (-Wswitch), and the static_assert below
/// then demands a message for it.
// The case labels packed (clang-format would put one a line): the switch stays one screen.
// clang-format off
constexpr bool is_enumerator(Errc e) {
  switch (e) {
    case Errc::ok: case Errc::radix_too_small: case Errc::radix_too_large: case Errc::ports_too_small:
    case Errc::ports_too_large: case Errc::ports_odd: case Errc::ports_not_power_of_radix:
    case Errc::topology_unknown: case Errc::topology_needs_binary: case Errc::shift_needs_binary:
    case Errc::shift_ports_too_large: case Errc::port_out_of_range: case Errc::round_out_of_range:
    case Errc::stage_out_of_range: case Errc::switch_out_of_range: case Errc::state_out_of_range:
    case Errc::schedule_unknown: case Errc::schedule_needs_unique_path: case Errc::schedule_needs_ports_2_mod_4:
    case Errc::schedule_needs_gsen: case Errc::initial_config_needs_binary: case Errc::initial_config_size_mismatch:
    case Errc::shift_network_needs_shift_schedule: case Errc::schedule_needs_shift_network:
    case Errc::optical_needs_binary: case Errc::schedule_set_malformed: case Errc::schedule_set_incomplete:
    case Errc::schedule_order_needs_all_configurations: case Errc::gsen_schedule_on_other_topology:
    case Errc::table_size_mismatch: case Errc::fault_out_of_range: case Errc::faults_not_supported:
    case Errc::fault_cuts_off_processors: case Errc::schedule_needs_fault: case Errc::fault_plan_storage_too_small:
    case Errc::fault_plan_too_long: case Errc::link_fault_out_of_range: case Errc::fault_duplicate:
    case Errc::faults_too_many: case Errc::faults_separate_processors: case Errc::table_needs_binary:
    case Errc::table_ports_too_large: case Errc::table_malformed: case Errc::table_not_exact:
    case Errc::table_none_for_network: case Errc::fault_plan_over_budget: case Errc::topology_not_built:
    case Errc::schedule_not_built: case Errc::config_too_short:
    case Errc::config_bad_magic: case Errc::config_unsupported_version: case Errc::config_crc_mismatch:
    case Errc::config_bad_order: case Errc::config_too_many_faults: case Errc::config_reserved_not_zero:
    case Errc::argument_unknown_key: case Errc::argument_bad_value: case Errc::argument_repeated:
    case Errc::config_fault_flags_invalid: case Errc::config_time_out_of_range: case Errc::tag_out_of_range:
    case Errc::control_mode_unknown: case Errc::fabric_not_configured:
    case Errc::fabric_network_mismatch: case Errc::fabric_capacity_exceeded: case Errc::fabric_device_mismatch:
    case Errc::fabric_timeout: case Errc::fabric_round_not_run: case Errc::fabric_round_faulted:
    case Errc::fabric_readback_mismatch: case Errc::fabric_round_in_doubt: case Errc::poll_bound_zero:
    case Errc::fabric_inject_unsupported: case Errc::fabric_relay_unsupported: case Errc::fabric_relay_off:
    case Errc::lookahead_individual_control: case Errc::lookahead_needs_one_stage: case Errc::lookahead_bad_window:
    case Errc::stepper_needs_gray_steps: case Errc::slot_timer_refused: case Errc::fabric_round_incomplete:
    case Errc::exchange_stopped: case Errc::bus_nack: case Errc::bus_timeout: case Errc::bus_readback_mismatch:
    case Errc::fabric_timing_unsupported: case Errc::config_unknown_fabric: case Errc::fabric_backend_unavailable:
    case Errc::exchange_unacknowledged: case Errc::fabric_operation_unsupported:
    case Errc::config_store_absent: case Errc::config_store_empty: case Errc::config_flash_locked:
    case Errc::config_flash_write_protected: case Errc::config_flash_alignment_error:
    case Errc::config_flash_parallelism_error: case Errc::config_flash_sequence_error:
    case Errc::config_flash_operation_error: case Errc::config_flash_timeout: case Errc::config_flash_not_erased:
    case Errc::config_flash_verify_mismatch:
      return true;
  }
  return false;
}
// clang-format on
}  // namespace detail

/// A short, specific message for each error (for consoles and tool output).
constexpr std::string_view describe(Errc e) {
  if (e == Errc::ok) return "ok";
  std::string_view text;
  switch (layer_of(e)) {
    case ErrorLayer::core:
      text = detail::describe_core(e);
      if (text.empty()) text = detail::describe_core_faults(e);
      break;
    case ErrorLayer::configuration: text = detail::describe_configuration(e); break;
    case ErrorLayer::fabric: text = detail::describe_fabric(e); break;
    case ErrorLayer::none: break;
  }
  return text.empty() ? "unknown error" : text;
}

namespace detail {
/// Every enumerator has its own layer's message, and no other value has one.
constexpr bool every_error_described() {
  for (unsigned v = 1; v < 256; ++v) {
    const Errc e = static_cast<Errc>(v);
    if (is_enumerator(e) != (describe(e) != "unknown error")) return false;
  }
  return true;
}
static_assert(every_error_described(), "every Errc needs a message in its layer's describe_*()");
/// Each layer's codes fit its range: the last of each stays below the next range.
static_assert(static_cast<std::uint8_t>(Errc::schedule_not_built) < kFirstConfigurationCode &&
                  static_cast<std::uint8_t>(Errc::config_flash_verify_mismatch) < kFirstFabricCode &&
                  static_cast<std::uint8_t>(Errc::fabric_operation_unsupported) < kFirstUnusedCode,
              "a layer's codes ran into the next range (errc.hpp)");
}  // namespace detail

}  // namespace a2a
