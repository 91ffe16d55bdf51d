// The controller firmware's whole job, independent of the board: read and check
// the configuration block, apply run-time overrides, drive the exchange round
// by round through the HAL, report, and return the exit status.
//
// The board's main() supplies the console, the raw register bus, the block
// from flash and the command line (board_main.cpp); host tests call this with a
// RAM-backed bus and the same model.
//
// Exit status: 0 every pair delivered exactly once (by the fabric model's count,
// by message (origin, final) when the schedule relays);
// 2 configuration refused (no register written); 3 fabric refused the
// configuration; 4 a round failed; 5 the exchange ran but the model disagrees.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>

#include "a2a/any_schedule.hpp"
#include "a2a/app/controller.hpp"
#include "a2a/app/fabric_model.hpp"
#include "a2a/app/modelled_bus.hpp"
#include "a2a/config_block.hpp"
#include "a2a/config_overrides.hpp"
#include "a2a/hal/fabric_driver.hpp"

namespace a2a::app {

enum ExitStatus : int { kExitOk = 0, kExitConfigRefused = 2, kExitFabricRefused = 3, kExitRoundFailed = 4,
                        kExitNotVerified = 5 };

/// Largest N whose per-port destinations are printed on every round line.
inline constexpr std::uint32_t kPrintPortsUpTo = 16;

/// The schedule as the round loop sees it: each send() the controller turns into a
/// port header also hands the model that header's side information, the message
/// (origin, final destination) it carries, so relayed messages (fault tolerance)
/// are counted by message, not by physical (source, output) pair (fabric_model.hpp).
template <class S, class Model>
class HeaderSideInfo {
 public:
  using Round = typename S::Round;
  HeaderSideInfo(const S& schedule, Model& model) : schedule_(&schedule), model_(&model) {}
  [[nodiscard]] Network network() const { return schedule_->network(); }
  [[nodiscard]] std::uint32_t rounds() const { return schedule_->rounds(); }
  [[nodiscard]] Round round(std::uint32_t r) const { return schedule_->round(r); }
  [[nodiscard]] PortSend send(const Round& round, std::uint32_t port) const {
    const PortSend s = schedule_->send(round, port);
    model_->note_header(port, s.message_origin(port), s.message_final());
    return s;
  }

 private:
  const S* schedule_;
  Model* model_;
};

template <class Console, class Layout, std::uint32_t MaxPorts, hal::RegisterBus Raw>
int controller_main(Console& out, Raw& raw, FabricModel<Layout, MaxPorts>& model,
                    std::span<const std::uint8_t> block, std::string_view overrides,
                    RelayPlanSpan relay_storage = {}) {
  out.print("a2a controller: reading the configuration block (", block.size(), " bytes)\n");
  const Result<ControllerConfig> decoded = decode_config(block);
  if (!decoded) {
    out.print("error: configuration block refused: ", describe(decoded.error()), "\n");
    out.print("no register written\n");
    return kExitConfigRefused;
  }
  OverrideError why;
  const Result<ControllerConfig> config = apply_overrides(*decoded, overrides, &why);
  if (!config) {
    out.print("error: override '", why.word, "' refused: ", describe(why.error), "\n");
    out.print("no register written\n");
    return kExitConfigRefused;
  }
  // The image's capacity first: planning a network far beyond it could take long.
  if (config->ports > MaxPorts) {
    out.print("error: configuration refused: N = ", config->ports, " is above this image's capacity of ", MaxPorts,
              " ports\n");
    out.print("no register written\n");
    return kExitConfigRefused;
  }
  const Result<AnySchedule> planned = plan_exchange(*config, relay_storage);
  if (!planned) {
    out.print("error: configuration refused: ", describe(planned.error()), "\n");
    out.print("no register written\n");
    return kExitConfigRefused;
  }
  const AnySchedule& schedule = *planned;
  const Network net = schedule.network();
  out.print("fabric: ", name(net.topology), ", N = ", net.ports, ", d = ", net.radix, ", ", net.stages,
            " stages; schedule ", name(schedule.kind()), ", ", config->order == RoundOrder::gray ? "gray" : "natural",
            " order, ", schedule.rounds(), " rounds\n");

  ModelledBus<Raw, FabricModel<Layout, MaxPorts>, Layout> modelled(raw, model);
  CountingBus<decltype(modelled)> counted(modelled);
  hal::FabricDriver<CountingBus<decltype(modelled)>, Layout> fabric(counted);
  fabric.set_write_verification(true);  // a register that did not take is never committed
  if (const Errc e = fabric.probe(); e != Errc::ok) {
    out.print("error: fabric block not recognised: ", describe(e), "\n");
    return kExitFabricRefused;
  }
  // Optical families (papers 002, 003) promise one signal per switch: the fabric checks it.
  if (const Errc e = fabric.configure(net, is_optical(schedule)); e != Errc::ok) {
    out.print("error: fabric refused the network: ", describe(e), "\n");
    return kExitFabricRefused;
  }

  std::uint64_t writes_before = counted.writes();
  const HeaderSideInfo<AnySchedule, FabricModel<Layout, MaxPorts>> with_headers(schedule, model);
  const ExchangeOutcome outcome = run_exchange(fabric, with_headers, [&](std::uint32_t r, const AnySchedule::Round& round) {
    out.print("round ", r, ": word ", round.word(), ", ", counted.writes() - writes_before, " register writes");
    writes_before = counted.writes();
    if (net.ports <= kPrintPortsUpTo) {
      out.print(", sends");
      for (std::uint32_t i = 0; i < net.ports; ++i) {
        const PortSend s = schedule.send(round, i);
        if (s.sends) out.print(" ", i, "->", s.destination);
      }
    }
    out.print("\n");
  }, ExchangeOptions{});

  const ModelTally& t = model.tally();
  const std::uint64_t expected = std::uint64_t{net.ports} * net.ports;
  const std::uint64_t missing = model.missing(net.ports);
  out.print("summary: rounds ", outcome.rounds_done, "/", schedule.rounds(), ", register writes ", counted.writes(),
            ", pairs delivered ", t.delivered, "/", expected, ", missing ", missing, ", duplicates ", t.duplicates,
            ", misroutes ", t.misroutes, ", conflicts ", t.conflicts, "\n");
  if (const FaultTolerantSchedule* ft = schedule.fault_tolerant())
    out.print("fault: switch ", ft->fault().switch_index, " of stage ", ft->fault().stage, " avoided; rounds ",
              ft->regular_rounds(), " regular + ", ft->extra_rounds(), " relay; messages relayed ", t.relayed,
              ", relay errors ", t.relay_errors, ", left in a store ", model.held(), "\n");
  if (fabric.optical()) out.print("optical mode: crosstalk ", t.crosstalk, " (switches that carried two signals)\n");
  if (outcome.retries != 0) out.print("retries: ", outcome.retries, " round attempts repeated\n");
  if (outcome.error != Errc::ok) {
    out.print("error: round ", outcome.rounds_done, " failed: ", describe(outcome.error), "; rounds ",
              outcome.rounds_done, " to ", schedule.rounds() - 1, " not delivered (", outcome.messages_pending,
              " messages); resume from round ", outcome.rounds_done, "\n");
    if (outcome.fault_located)
      out.print("error: the fabric marks switch ", outcome.faulty_switch, " of stage ", outcome.faulty_stage,
                " faulty\n");
    return kExitRoundFailed;
  }
  const bool exact = t.delivered == expected && missing == 0 && t.duplicates == 0 && t.misroutes == 0 &&
                     t.conflicts == 0 && t.crosstalk == 0 && t.invalid_rounds == 0 && t.relay_errors == 0 &&
                     model.held() == 0;
  if (!exact) {
    out.print("error: the fabric model did not see every pair delivered exactly once\n");
    return kExitNotVerified;
  }
  out.print("verified by the fabric model: every pair delivered exactly once\n");
  return kExitOk;
}

}  // namespace a2a::app
