// The device's commands (device.hpp includes them all; see docs/console.md for the
// reply grammar). Each command prints its reply and ends it with `ok` or with a
// line `error: ...`; a refused command changes nothing.
#pragma once
// IWYU pragma: private, include "a2a/app/device.hpp"
// (Device's commands: device.hpp declares the class and includes this at its end.)

// Self-contained: included first, this brings the class in (device.hpp then includes
// this part at its end once more, passed over by #pragma once, and the members follow).
#include "a2a/app/device.hpp"

namespace a2a::app {

template <DeviceBoard Board, std::uint32_t MaxPorts, class Fabric>
bool Device<Board, MaxPorts, Fabric>::answered_while_running(std::string_view line) {
  std::string_view rest = line;
  const std::string_view command = next_word(rest);
  // save, erase and reboot are answered too: refused while a run goes on (never held
  // to run after it, when what the user meant may have changed).
  return command == "status" || command == "stop" || command.empty() || command == "save" || command == "erase" ||
         command == "reboot";
}

template <DeviceBoard Board, std::uint32_t MaxPorts, class Fabric>
void Device<Board, MaxPorts, Fabric>::execute(std::string_view line) {
  std::string_view rest = line;
  const std::string_view command = next_word(rest);
  if (command.empty()) return;  // a blank line is no command
  if (std::string_view words = rest; takes_no_words(command) && !next_word(words).empty())
    return error("usage: ", command, " (it takes no words); nothing was done");
  if (command == "status") return cmd_status();
  if (command == "stop") return cmd_stop();
  if (command == "help") return cmd_help(rest);
  if (command == "config") return print_config(), ok();
  if (command == "set") return cmd_set(rest);
  if (command == "run") return cmd_run(rest);
  if (command == "inject") return cmd_inject(rest);
  if (command == "clear") return cmd_clear();
  if (command == "save") return cmd_save();
  if (command == "erase") return cmd_erase();
  if (command == "reboot") return cmd_reboot();
  error("unknown command '", command, "' (try help)");
}

/// The commands that take no words after their name: a word after them is refused, so
/// `save now` or `reboot 1` does nothing rather than what the word did not ask for.
template <DeviceBoard Board, std::uint32_t MaxPorts, class Fabric>
bool Device<Board, MaxPorts, Fabric>::takes_no_words(std::string_view command) {
  return command == "status" || command == "config" || command == "clear" || command == "save" || command == "erase" ||
         command == "reboot" || command == "stop";
}

template <DeviceBoard Board, std::uint32_t MaxPorts, class Fabric>
void Device<Board, MaxPorts, Fabric>::cmd_help(std::string_view args) {
  std::string_view words = args;
  const std::string_view topic = next_word(words);
  if (topic == "set" && next_word(words).empty()) return print_set_keys(), ok();
  if (!topic.empty()) return error("usage: help [set]; nothing was done");
  board_->print(
      "help [set]               this list, or the keys of set\n"
      "status                   the device's state as key=value\n"
      "config                   the configuration the next run uses\n"
      "set KEY=VALUE ...        change it, every word or none (help set: the keys)\n"
      "run [COUNT]              COUNT exchanges back to back (1..",
      kMaxRunCount,
      ")\n"
      "stop                     end the run at the next round boundary (status answers meanwhile)\n"
      "inject STAGE:SWITCH [ROUND]  emulated fabric: the switch fails from ROUND of the next run\n"
      "inject CHAIN:ELEMENT [ROUND] readback|timeout  emulated SPI chain: the element reads back\n"
      "                         flipped once, or the chain's transfer does not complete once\n"
      "clear                    emulated fabric: no faulty switches\n"
      "save                     keep the configuration for the next boot (the board's store)\n"
      "erase                    remove the saved configuration: the next boot uses the built-in default\n"
      "reboot                   reset the board (after this reply)\n");
  ok();
}

/// help's list of `set` keys, from the table `set` parses with (kSetKeys): a key, its
/// values (the names this build knows, where they are names) and what it sets.
template <DeviceBoard Board, std::uint32_t MaxPorts, class Fabric>
void Device<Board, MaxPorts, Fabric>::print_set_keys() {
  for (const SetKey& key : kSetKeys) {
    board_->print("  ", key.name, "=", key.values);
    std::size_t width = key.name.size() + 3 + key.values.size();
    auto choice = [&](std::string_view name) {
      board_->print(width == key.name.size() + 3 ? "" : "|", name);
      width += name.size() + 1;
    };
    if (key.choices == KeyChoices::topologies)
      for (Topology t : kAllTopologies)
        if (topology_built(t)) choice(a2a::name(t));
    if (key.choices == KeyChoices::schedules)
      for (ScheduleKind k : kAllScheduleKinds)
        if (family_built(k)) choice(a2a::name(k));
    if (key.choices == KeyChoices::fabrics)
      for (FabricBackend f : kAllFabricBackends) choice(a2a::name(f));
    board_->print(width < 25 ? slice("                         ", width) : " ", key.help,
                  key.owner == KeyOwner::device ? " (device)" : "", "\n");
  }
}

template <DeviceBoard Board, std::uint32_t MaxPorts, class Fabric>
void Device<Board, MaxPorts, Fabric>::print_config() {
  const ControllerConfig& c = config_;
  board_->print("config: topology=", a2a::name(c.topology), " ports=", c.ports, " radix=", c.radix,
                " schedule=", a2a::name(c.schedule), " order=", c.order == RoundOrder::gray ? "gray" : "natural",
                " faults=");
  if (c.fault_count == 0) board_->print("none");
  for (std::uint32_t f = 0; f < c.fault_count; ++f)
    board_->print(f == 0 ? "" : ",", c.faults[f].link ? "L" : "", c.faults[f].stage, ":", c.faults[f].switch_index,
                  c.faults[f].stuck == 0   ? ""
                  : c.faults[f].stuck == 1 ? ":stuck=0"
                                           : ":stuck=1");
  // Keys are only ever added at the end of the line (docs/protocol.md): mode=, then
  // degraded=on, settle_us=, guard_us= and fabric= when set.
  board_->print(" slot_us=", knobs_.slot_us, " trace=", knobs_.trace ? "on" : "off",
                " valid=", config_ok_ ? "yes" : "no", " source=", source_, " mode=", name(knobs_.mode),
                c.degraded ? " degraded=on" : "");
  if (c.settle_us != 0) board_->print(" settle_us=", c.settle_us);
  if (c.guard_us != 0) board_->print(" guard_us=", c.guard_us);
  if (c.fabric != FabricBackend::a2a_block) board_->print(" fabric=", name(c.fabric));
  if constexpr (kStoring) board_->print(" saved=", saved_state());
  board_->print("\n");
}

/// The banner's fabric line: what the device drives and how a run is verified.
template <DeviceBoard Board, std::uint32_t MaxPorts, class Fabric>
void Device<Board, MaxPorts, Fabric>::print_fabric_found() {
  Driver& fabric = access_.driver();
  if constexpr (detail::ProbedFabric<Driver>) {
    if (const Errc e = fabric.probe(); e != Errc::ok)
      return board_->print("error: fabric ", Access::kBlock ? "block " : "", "not recognised: ", describe(e), "\n");
  }
  if constexpr (Access::kBlock) {
    board_->print("fabric: a2a block at capacity ", MaxPorts, " ports, ", kMaxStages, " stages, fault injection ",
                  fabric.can_inject() ? "available" : "not available",
                  kSplit ? "; the switches also on SPI chains (fabric=spi-chain)" : "", "\n");
  } else {
    board_->print("fabric: the product's driver, up to ", MaxPorts, " ports; ",
                  kCounted      ? "runs verified by its delivery counters"
                  : acks_.set() ? "no delivery counters: runs verified by the product's acknowledgements"
                                : "no delivery counters and no acknowledgements: runs are unverified",
                  "\n");
  }
}

/// Whether the fabric answers (its probe, where it has one); a run under way has it.
template <DeviceBoard Board, std::uint32_t MaxPorts, class Fabric>
bool Device<Board, MaxPorts, Fabric>::fabric_present() {
  if (running_.active) return true;  // probing would restart the running driver's ticket
  if constexpr (detail::ProbedFabric<Driver>) return access_.driver().probe() == Errc::ok;
  return true;
}

template <DeviceBoard Board, std::uint32_t MaxPorts, class Fabric>
void Device<Board, MaxPorts, Fabric>::cmd_status() {
  const DeviceRecord& r = record_;
  Driver& fabric = access_.driver();
  const bool found = fabric_present();
  std::uint32_t fabric_rounds = 0;  // 0 too where the fabric counts no rounds (hal::RoundCounter)
  if constexpr (hal::RoundCounter<Driver>) {
    if (found) fabric_rounds = fabric.round_counter();
  }
  board_->print("status: board=", board_->name(), " reset=", name(board_->reset_cause()),
                " config=", config_ok_ ? "valid" : "invalid", " exchanges=", r.exchanges, " failed=", r.failed,
                " last=",
                r.exchanges == 0 ? "none"
                : r.last_ok      ? "ok"
                                 : "failed",
                " rounds=", r.rounds_run, "/", r.rounds_planned, " delivered=", r.delivered, "/", r.expected,
                " missing=", r.expected - r.delivered, " duplicates=", r.duplicates, " late=", r.late,
                " replans=", r.replans, " fabric=", found ? "ok" : "missing", " fabric_rounds=", fabric_rounds,
                " injections_armed=", injection_count_ + (wire_armed() ? 1U : 0U),
                " console_overruns=", board_->console_overruns());
  if (running_.active)
    board_->print(" running=", running_.index + 1, "/", running_.count, " round=", hooks_ ? hooks_->rounds() : 0U);
  else
    board_->print(" running=no");
  // The slice stack's high-water mark (all of it: it overflowed; docs/porting.md).
  if (slices_.stack_size() != 0) board_->print(" slice_stack=", slices_.stack_used(), "/", slices_.stack_size());
  board_->print(" trace_dropped=", record_.trace_dropped + (hooks_ ? hooks_->trace_dropped() : 0U));
  if constexpr (QueuedConsoleBoard<Board>) board_->print(" console_lost=", board_->console_lost());
  board_->print("\n");
  ok();
}

template <DeviceBoard Board, std::uint32_t MaxPorts, class Fabric>
void Device<Board, MaxPorts, Fabric>::cmd_set(std::string_view args) {
  const SetResult set = apply_set(config_, knobs_, args);
  if (set.error != Errc::ok) {
    if (set.word.empty() || set.word == args) return error("set needs KEY=VALUE words (try help)");
    return error("'", set.word, "' refused: ", describe(set.error), "; nothing changed");
  }
  if (set.knobs.mode == RunMode::lookahead && set.config.fabric != FabricBackend::a2a_block)
    return error("mode=lookahead with fabric=", name(set.config.fabric), " refused: look-ahead mode writes the a2a ",
                 "block's slot ring, and fabric=", name(set.config.fabric), " latches each round over its own wire ",
                 "(set mode=direct or fabric=a2a); nothing changed");
  planning_.knobs = set.knobs;
  start_planning(set.config, AfterPlanning::set);  // the reply follows the planning (poll() steps it)
  (void)plan_in_one_piece();                       // without slices: the reply now
}

/// set's reply, once its configuration is planned (or refused).
template <DeviceBoard Board, std::uint32_t MaxPorts, class Fabric>
void Device<Board, MaxPorts, Fabric>::set_planned(Errc e) {
  const ControllerConfig& c = planning_.config;
  if (e != Errc::ok) {
    if (e == Errc::fabric_capacity_exceeded && c.ports > MaxPorts)
      return error("N = ", c.ports, " is above this image's capacity of ", MaxPorts, " ports; nothing changed");
    if (e == Errc::fabric_capacity_exceeded)
      return error("the ", name(c.topology), " network of N = ", c.ports,
                   " does not fit this image's fabric block (at most ", Layout::kMaxSwitches,
                   " switches per stage); nothing changed");
    if (e == Errc::fault_plan_storage_too_small && c.fault_count > 0) return refuse_fault_count(c);
    return error("configuration refused: ", describe(e), "; nothing changed");
  }
  config_ = c;
  knobs_ = planning_.knobs;
  config_ok_ = true;
  source_ = "set";
  print_config();
  ok();
}

/// A fault set the board's plan storage cannot plan: the board's limit in words (the most
/// faults its storage holds at this N), or that it keeps the single-fault designs only.
template <DeviceBoard Board, std::uint32_t MaxPorts, class Fabric>
void Device<Board, MaxPorts, Fabric>::refuse_fault_count(const ControllerConfig& c) {
  std::uint32_t most = 0;
  while (most < kMaxFaults && FaultPlanSizes::of(c.ports, std::size_t{2} * c.ports * (most + 1)).fit(plan_storage()))
    ++most;
  if (most == 0)
    return error("configuration refused: a fault in this network needs relay-plan storage, and this board keeps only ",
                 "the single-fault designs' (one switch inside the network, paper 004's rounds); nothing changed");
  if (most >= c.fault_count)
    return error("configuration refused: ", describe(Errc::fault_plan_storage_too_small), "; nothing changed");
  error("configuration refused: ", c.fault_count, " faults: at most ", most, " fault", most == 1 ? "" : "s",
        " on this board at N = ", c.ports, " (its fault-plan storage); nothing changed");
}

template <DeviceBoard Board, std::uint32_t MaxPorts, class Fabric>
void Device<Board, MaxPorts, Fabric>::cmd_inject(std::string_view args) {
  constexpr std::string_view kUsage = "usage: inject STAGE:SWITCH [ROUND] [dead|stuck=K] [hidden|readback|timeout]";
  const std::string_view position = next_word(args);
  std::string_view round = next_word(args);
  std::string_view word = round;
  if (!round.empty() && (round[0] < '0' || round[0] > '9'))
    round = {};  // no round: the kind follows
  else
    word = next_word(args);
  if (position.empty()) return error(kUsage);
  const Result<Injection> parsed = parse_injection(position, round);
  if (!parsed) return error("inject: '", position, " ", round, "' does not parse (STAGE:SWITCH [ROUND])");
  Injection injection = *parsed;
  const Injection* in = &injection;
  bool kind_given = false;
  bool wire = false;  // readback or timeout: the SPI chain's wire, not a switch
  WireInjection wire_kind = WireInjection::readback;
  for (; !word.empty(); word = next_word(args)) {
    if ((word == "readback" || word == "timeout") && !wire) {
      wire = true;
      wire_kind = word == "timeout" ? WireInjection::timeout : WireInjection::readback;
      continue;
    }
    if (const Errc e = parse_injection_word(word, injection, kind_given); e != Errc::ok)
      return error("inject: '", word, "' ",
                   e == Errc::argument_repeated ? "repeats a kind" : "is not dead, stuck=0, stuck=1 or hidden", " (",
                   kUsage, ")");
  }
  if (wire && (kind_given || in->hidden))
    return error("inject: readback and timeout are wire faults, not a switch's (", kUsage, ")");
  if (!fabric_present()) return error("fabric not recognised: nothing armed");
  if (wire) return inject_wire_fault(*in, wire_kind);
  if (!can_inject()) return error("this fabric cannot inject faults (hardware): nothing armed");
  const Result<Network> net = configured_network();
  if (!net) return error("no valid network configured: ", describe(net.error()));
  if (in->stage >= net->stages || in->switch_index >= net->switches_per_stage())
    return error("switch ", in->switch_index, " of stage ", in->stage, " is outside the network (", net->stages,
                 " stages of ", net->switches_per_stage(), " switches)");
  if (injection_count_ == kMaxInjections) return error("at most ", kMaxInjections, " faults can be armed");
  injections_[injection_count_++] = *in;
  board_->print("armed: switch ", in->switch_index, " of stage ", in->stage,
                in->stuck ? (in->state == 0 ? " sticks straight" : " sticks cross") : " fails", " from round ",
                in->round, " of the next exchange", in->hidden ? " (hidden: the fabric does not mark it)" : "", "\n");
  ok();
}

/// `inject CHAIN:ELEMENT [ROUND] readback|timeout`: the board's emulated chain returns
/// that element flipped once, or does not complete a transfer once, so the next
/// exchange ends on the wire's error naming the place and the round.
template <DeviceBoard Board, std::uint32_t MaxPorts, class Fabric>
void Device<Board, MaxPorts, Fabric>::inject_wire_fault(const Injection& in, WireInjection kind) {
  const std::string_view word = kind == WireInjection::timeout ? "timeout" : "readback";
  if constexpr (WireInjectingBoard<Board>) {
    if (config_.fabric != FabricBackend::spi_chain)
      return error("inject: ", word, " fails the SPI chain's wire, and fabric=", name(config_.fabric),
                   " sets the switches without it (set fabric=spi-chain first): nothing armed");
    const Result<Network> net = configured_network();
    if (!net) return error("no valid network configured: ", describe(net.error()));
    if (in.stage >= net->stages || in.switch_index >= net->switches_per_stage())
      return error("element ", in.switch_index, " of the chain of stage ", in.stage, " is outside the network (",
                   net->stages, " chains of ", net->switches_per_stage(), " elements)");
    if (wire_.armed)
      return error("inject: a wire fault is armed already (the chain of stage ", wire_.chain,
                   "): one at a time, clear disarms it; nothing armed");
    if (planned_ok_ && planned_for_ == config_ && in.round >= planned().rounds())
      return error("inject: round ", in.round, " is past the next exchange's last round (it has ", planned().rounds(),
                   " rounds): it could not fire; nothing armed");
    if (const Errc e = board_->inject_wire_fault(kind, in.stage, in.switch_index, in.round); e != Errc::ok)
      return error("inject: the chain refused it: ", describe(e));
    wire_ = {true, false, kind, in.stage, in.round};
    if (kind == WireInjection::timeout)
      board_->print("armed: the chain of stage ", in.stage,
                    " does not complete its transfer once, at its first shift"
                    " from round ",
                    in.round, " of the next exchange\n");
    else
      board_->print("armed: element ", in.switch_index, " of the chain of stage ", in.stage,
                    " reads back flipped, in the chain's first round from round ", in.round,
                    " of the next exchange that shifts it\n");
    ok();
  } else {
    (void)in;
    (void)kind;
    error("inject: ", word, ": this board's switch wire cannot be made to fail (no emulated SPI chain): nothing armed");
  }
}

template <DeviceBoard Board, std::uint32_t MaxPorts, class Fabric>
void Device<Board, MaxPorts, Fabric>::cmd_clear() {
  if (!fabric_present()) return error("fabric not recognised: nothing cleared");
  if (!can_inject()) return error("this fabric cannot inject faults (hardware): nothing to clear");
  if constexpr (hal::FaultInjection<Driver>) {
    if (const Errc e = access_.driver().start_clear_injected_faults(); e != Errc::ok)
      return error("clear failed: ", describe(e));
  }
  clear_polls_left_ = action_polls();  // poll() confirms it (continue_clear), one read a pass
}

/// `clear`'s reply once the fabric has taken the clear up (one read of INJECT a poll(),
/// at most fabric_polls() of them).
template <DeviceBoard Board, std::uint32_t MaxPorts, class Fabric>
void Device<Board, MaxPorts, Fabric>::continue_clear() {
  if constexpr (hal::FaultInjection<Driver>) {
    const bool taken = access_.driver().injection_taken();
    if (!taken && --clear_polls_left_ != 0) return;
    clear_polls_left_ = 0;
    if (!taken) return error("clear failed: ", describe(Errc::fabric_timeout));
  }
  clear_polls_left_ = 0;
  injection_count_ = 0;
  if constexpr (WireInjectingBoard<Board>) {
    board_->clear_wire_faults();
    wire_.armed = false;
  }
  board_->print("no faulty switches in the emulated fabric\n");
  ok();
}

template <DeviceBoard Board, std::uint32_t MaxPorts, class Fabric>
void Device<Board, MaxPorts, Fabric>::cmd_run(std::string_view args) {
  const std::string_view word = next_word(args);
  std::uint32_t count = 1;
  if (!next_word(args).empty() ||
      (!word.empty() && (!a2a::detail::parse_u32(word, count) || count == 0 || count > kMaxRunCount)))
    return error("usage: run [COUNT], COUNT 1..", kMaxRunCount);
  if (!config_ok_) return error("no valid configuration: give one with set (see config)");
  // The reply goes on while poll() steps the exchanges; it ends with ok after the last.
  running_.active = true;
  running_.index = 0;
  running_.count = count;
  running_.stop_asked = false;
  if (!start_exchange()) end_run();  // the reply ended with its error line
}

template <DeviceBoard Board, std::uint32_t MaxPorts, class Fabric>
void Device<Board, MaxPorts, Fabric>::cmd_stop() {
  if (!running_.active) return error("stop: no exchange is running");
  running_.stop_asked = true;
  if (Job* job = std::get_if<Job>(&exchange_)) job->request_stop();
  if constexpr (kLookahead) {
    if (LatinSession* s = std::get_if<LatinSession>(&exchange_)) s->request_stop();
    if (AlternatingSession* s = std::get_if<AlternatingSession>(&exchange_)) s->request_stop();
  }
  board_->print("stopping: exchange ", running_.index + 1, "/", running_.count,
                " ends at the next round boundary; the run's reply ends then\n");
  ok();
}

}  // namespace a2a::app
