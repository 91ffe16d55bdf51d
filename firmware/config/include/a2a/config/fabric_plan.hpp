// What a configuration describes, and the one call that plans an exchange on it.
//
// A configuration block names a network and its faults by numbers (config_block.hpp).
// configured_fabric() is the one place they become a Network and a FaultSet, checked
// against each other; whoever runs exchanges keeps that (a device from `set` or boot
// on, the job adding each fault it finds) rather than the block. plan() is the one
// planning call: a schedule of the configured family without faults, the
// fault-tolerant schedule around any fault set. plan_exchange() is both, for a block.
#pragma once
// IWYU pragma: private, include "a2a/config/config_block.hpp"

#include <cstdint>

#include "a2a/any_schedule.hpp"
#include "a2a/fault/fault_set.hpp"
#include "a2a/fault/plan_options.hpp"
#include "a2a/fault/plan_storage.hpp"
#include "a2a/limits.hpp"
#include "a2a/status.hpp"

namespace a2a {

namespace detail {
/// The configuration's faults into `set` (range-checked against the network).
constexpr Errc add_config_faults(const ControllerConfig& c, const Network& net, FaultSet<kMaxConfigFaults>& set) {
  if (c.fault_count > kMaxConfigFaults) return Errc::config_too_many_faults;
  for (std::size_t f = 0; f < c.fault_count; ++f) {
    const FaultPosition& p = c.faults[f];
    if (p.link) {
      if (p.stage + 1U >= net.stages || p.switch_index >= net.ports) return Errc::link_fault_out_of_range;
      A2A_TRY(set.add(LinkFault{p.stage, p.switch_index}));
    } else {
      if (p.stage >= net.stages || p.switch_index >= net.switches_per_stage()) return Errc::fault_out_of_range;
      if (p.stuck > 2) return Errc::state_out_of_range;
      A2A_TRY(p.stuck != 0 ? set.add(StuckFault{p.stage, p.switch_index, p.stuck - 1U})
                           : set.add(SwitchFault{p.stage, p.switch_index}));
    }
  }
  return Errc::ok;
}
}  // namespace detail

/// The configuration's faults as a fault set (range-checked against the network):
/// fault_out_of_range, link_fault_out_of_range, fault_duplicate.
constexpr Result<FaultSet<kMaxConfigFaults>> config_faults(const ControllerConfig& c, const Network& net) {
  FaultSet<kMaxConfigFaults> set;
  A2A_TRY(detail::add_config_faults(c, net, set));
  return set;
}

/// A configuration's network and faults, built once (configured_fabric()).
struct ConfiguredFabric {
  Network network{};
  FaultSet<kMaxConfigFaults> faults{};
  bool degraded{false};  ///< plan every deliverable pair around the faults, leave the others out
};

/// The network the block names and its faults checked against it, into `out`: the
/// errors of make_network() and config_faults(). In place: a board builds it in the
/// frame that uses it, no copy beside it.
constexpr Errc configured_fabric(const ControllerConfig& c, ConfiguredFabric& out) {
  const auto net = make_network(c.topology, c.ports, c.radix);
  A2A_TRY(net);
  out.network = *net;
  out.faults.clear();
  out.degraded = c.degraded;
  return detail::add_config_faults(c, *net, out.faults);
}
/// The same, as a value.
constexpr Result<ConfiguredFabric> configured_fabric(const ControllerConfig& c) {
  ConfiguredFabric fabric;
  A2A_TRY(configured_fabric(c, fabric));
  return fabric;
}

/// What plan() is asked for besides the network and its faults.
struct PlanRequest {
  ScheduleKind schedule{ScheduleKind::latin_square};  ///< the family without faults
  RoundOrder order{RoundOrder::natural};
  /// How to plan around faults (a device: device_planning.hpp); degraded: leave out the
  /// pairs no relay reaches rather than refuse the faults.
  FaultPlanOptions planning{};
};

/// What a configuration asks plan() for: its family and order, `planning` with the
/// block's degraded flag.
constexpr PlanRequest plan_request(const ControllerConfig& c, FaultPlanOptions planning = {}) {
  planning.degraded = c.degraded;
  return PlanRequest{c.schedule, c.order, planning};
}

namespace detail {
/// plan()'s two refusals and its fault-free path, each out of line: inlined, the closed
/// forms' schedules (one local per family) and the reach search would share one frame
/// beneath the planner, the deepest chain of a small board's image (docs/cortex-m.md).
[[gnu::noinline]] constexpr Result<AnySchedule> plan_fault_free(const Network& net, const PlanRequest& request) {
  return AnySchedule::make(net, request.schedule, request.order);
}
/// Faults with a family that does not plan around them: still name a fault that cuts
/// processors off (no schedule of any family can help then), else faults_not_supported.
[[gnu::noinline]] constexpr Errc refuse_faults(const Network& net, FaultSetView faults) {
  if (faults_describable(net)) {
    const auto first = first_undeliverable(net, faults);
    if (first && first->found && first->reason != PairReach::separated) return Errc::fault_cuts_off_processors;
  }
  return Errc::faults_not_supported;
}
}  // namespace detail

/// Plans an exchange on `net` around `faults`: without faults, the requested family;
/// with them, the Latin square (the default) or fault-tolerant family plans the
/// fault-tolerant schedule around all of them (switches, stuck switches and dead links,
/// fault_tolerant_schedule.hpp) into `storage` (FaultPlanStorage<N, faults>; the closed
/// forms for one internal switch of omega, reverse omega and GSEN 2^n need none); a pair
/// no relay reaches is refused (fault_cuts_off_processors, faults_separate_processors)
/// unless request.planning.degraded. Faults with another family:
/// fault_cuts_off_processors where that is the reason, else faults_not_supported.
constexpr Result<AnySchedule> plan(const Network& net, FaultSetView faults, PlanStorageSpan storage,
                                   const PlanRequest& request) {
  if (faults.empty()) return detail::plan_fault_free(net, request);
  if (request.schedule != ScheduleKind::fault_tolerant && request.schedule != ScheduleKind::latin_square)
    return detail::refuse_faults(net, faults);
  return AnySchedule::make(net, faults, storage, request.planning);
}

/// Checks a configuration against the network it names and plans its exchange:
/// configured_fabric(), then plan() with the block's family, order and degraded flag
/// (plan_request()).
/// `planning`: how to plan around faults (a device: bounded, with its meter,
/// device_planning.hpp). Out of line: the fault set is in its own frame, beneath the
/// caller's (a board plans in slices on a small stack).
[[gnu::noinline]] constexpr Result<AnySchedule> plan_exchange(const ControllerConfig& c,
                                                              PlanStorageSpan relay_storage = {},
                                                              FaultPlanOptions planning = {}) {
  ConfiguredFabric fabric;
  A2A_TRY(configured_fabric(c, fabric));
  return plan(fabric.network, fabric.faults.view(), relay_storage, plan_request(c, planning));
}

}  // namespace a2a
