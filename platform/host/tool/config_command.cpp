// a2a config encode | decode: the controller's 64-byte configuration block
// (docs/configuration.md) written and read on the host, for provisioning a board.
// Both directions run the firmware's own checks (decode_config, plan_exchange from
// a2a/config/config_block.hpp) and report their refusals in the firmware's words
// (describe(errc)), so a block the tool accepts is one the device runs, and a block
// the device refuses is refused here for the same reason.
#include <a2a/config/config_block.hpp>
#include <a2a/config/device_planning.hpp>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>

#include "a2a_board_addresses.hpp"  // generated from the boards' board.cmake (CMakeLists.txt)
#include "cli_args.hpp"
#include "commands.hpp"
#include "config_hex.hpp"
#include "schedule_select.hpp"
#include "tool_error.hpp"

namespace a2a::tool {
namespace {

std::string board_names() {
  std::string names;
  for (const BoardConfigAddress& b : kBoardConfigAddresses) names += (names.empty() ? "" : ", ") + std::string(b.board);
  return names;
}

/// Every board whose configuration block lives at `address` ("" when none does).
std::string boards_at(std::uint32_t address) {
  std::string names;
  for (const BoardConfigAddress& b : kBoardConfigAddresses)
    if (b.address == address) names += (names.empty() ? "" : ", ") + std::string(b.board);
  return names;
}

std::uint32_t board_address(const std::string& board) {
  for (const BoardConfigAddress& b : kBoardConfigAddresses)
    if (b.board == board) return b.address;
  throw UsageError("unknown board '" + board + "' (known: " + board_names() + ")");
}

/// What the device does with a decoded block before running it: the network, then
/// plan_exchange. Returns the round count, or throws the firmware's refusal.
std::uint32_t plan_rounds(const ControllerConfig& c) {
  // make_network first: it bounds N before storage is sized from a block's ports field.
  const auto net = make_network(c.topology, c.ports, c.radix);
  if (!net) throw UsageError(std::string(describe(net.error())));
  RelayStorage storage(net->ports, c.fault_count);
  const auto schedule = plan_exchange(c, storage.span());
  if (!schedule) throw UsageError(std::string(describe(schedule.error())));
  return schedule->rounds();
}

const BoardConfigAddress& board_facts(const std::string& board) {
  for (const BoardConfigAddress& b : kBoardConfigAddresses)
    if (b.board == board) return b;
  throw UsageError("unknown board '" + board + "' (known: " + board_names() + ")");
}

/// What the named board's controller image does with `c` at `set` or boot
/// (Device::check): N within its capacity and its fabric block, then the plan as the
/// image makes it (device_planning.hpp: its search up to N = 64, bounded above, metered,
/// into storage of the board's size). Returns the line that says so; throws the board's refusal.
std::string board_verdict(const ControllerConfig& c, const BoardConfigAddress& b) {
  const std::string board(b.board);
  if (c.ports > b.max_ports)
    throw UsageError(board + " would refuse it: N = " + std::to_string(c.ports) + " is above its image's capacity of " +
                     std::to_string(b.max_ports) + " ports");
  const auto net = make_network(c.topology, c.ports, c.radix);
  if (!net) throw UsageError(board + " would refuse it: " + std::string(describe(net.error())));
  if (net->switches_per_stage() > b.max_ports / 2)
    throw UsageError(board + " would refuse it: the network does not fit its fabric block (at most " +
                     std::to_string(b.max_ports / 2) + " switches per stage)");
  // The boards' images set the switches through the a2a block, which carries a round when
  // committed, or (fabric=spi-chain, the MPS2 boards) through shift-register chains that wait.
  if (c.fabric == FabricBackend::spi_chain && !b.spi_chain)
    throw UsageError(board + " would refuse it: " + std::string(describe(Errc::fabric_backend_unavailable)));
  if (c.fabric == FabricBackend::a2a_block && (c.settle_us != 0 || c.guard_us != 0))
    throw UsageError(board + " would refuse it: " + std::string(describe(Errc::fabric_timing_unsupported)));
  // The image's storage: FaultPlanStorage<capacity, plan_faults>, or SingleFaultPlanStorage<capacity>.
  const std::size_t n = b.max_ports;
  RelayStorage storage(b.plan_faults == 0 ? FaultPlanSizes{3 * n, 4 * n + 1, 5 * n, 12 * n, 6 * n}
                                          : RelayStorage::sizes(b.max_ports, b.plan_faults));
  PlanMeter meter = device_plan_meter(c.ports);
  const auto planned = plan_exchange(c, storage.span(), device_planning(&meter, c.ports));
  if (!planned) throw UsageError(board + " would refuse it: " + std::string(describe(planned.error())));
  std::string line = "on " + board + ": " + std::to_string(planned->rounds()) + " rounds";
  if (c.fault_count != 0)
    line += ", planned by the device in " + std::to_string(meter.steps()) + " steps (at most " +
            std::to_string(meter.max_steps()) + ": docs/fault-tolerance.md, \"Planning on a device\")";
  return line;
}

/// The device's `config` line (firmware/app device_commands.hpp), without its knobs.
std::string config_line(const ControllerConfig& c) {
  std::string line = "config: topology=" + std::string(name(c.topology)) + " ports=" + std::to_string(c.ports) +
                     " radix=" + std::to_string(c.radix) + " schedule=" + std::string(name(c.schedule)) +
                     " order=" + (c.order == RoundOrder::gray ? "gray" : "natural") + " faults=";
  if (c.fault_count == 0) line += "none";
  for (std::uint32_t f = 0; f < c.fault_count; ++f)
    line += (f == 0 ? "" : ",") + std::string(c.faults[f].link ? "L" : "") + std::to_string(c.faults[f].stage) + ":" +
            std::to_string(c.faults[f].switch_index) +
            (c.faults[f].stuck == 0 ? "" : ":stuck=" + std::to_string(c.faults[f].stuck - 1));
  if (c.degraded) line += " degraded=on";
  if (c.settle_us != 0) line += " settle_us=" + std::to_string(c.settle_us);
  if (c.guard_us != 0) line += " guard_us=" + std::to_string(c.guard_us);
  if (c.fabric != FabricBackend::a2a_block) line += " fabric=" + std::string(name(c.fabric));
  return line;
}

/// The block's contents from encode's options: the network, schedule, order, faults
/// (at most 8 with the links), the degraded flag and the switch times.
ControllerConfig config_of(const Args& args) {
  ControllerConfig config;
  const Network net = choose_network(args);
  config.topology = net.topology;
  config.ports = net.ports;
  config.radix = net.radix;
  config.schedule = default_schedule_kind(net);
  if (const auto text = args.value("schedule")) {
    const auto kind = parse_schedule_kind(*text);
    if (!kind) throw UsageError("unknown schedule '" + *text + "' (see a2a list)");
    config.schedule = *kind;
  }
  if (const auto text = args.value("order")) {
    if (*text != "natural" && *text != "gray") throw UsageError("unknown order '" + *text + "' (known: natural, gray)");
    config.order = *text == "gray" ? RoundOrder::gray : RoundOrder::natural;
  }
  const std::vector<Fault> faults = parse_faults(args, net);
  const std::vector<DeadLink> links = parse_dead_links(args, net);
  const std::vector<StuckSwitch> stuck = parse_stuck_faults(args, net);
  const std::size_t count = faults.size() + links.size() + stuck.size();
  if (count > kMaxConfigFaults)
    throw UsageError("a configuration block holds at most 8 faults (got " + std::to_string(count) + ")");
  config.fault_count = static_cast<std::uint8_t>(count);
  std::size_t slot = 0;
  for (const Fault& f : faults)
    config.faults[slot++] = {static_cast<std::uint16_t>(f.stage), static_cast<std::uint16_t>(f.sw), false};
  for (const DeadLink& l : links)
    config.faults[slot++] = {static_cast<std::uint16_t>(l.stage), static_cast<std::uint16_t>(l.terminal), true};
  for (const StuckSwitch& f : stuck)  // config block bits 14/13 (config_block.hpp)
    config.faults[slot++] = {static_cast<std::uint16_t>(f.stage), static_cast<std::uint16_t>(f.sw), false,
                             static_cast<std::uint8_t>(f.state + 1)};
  config.degraded = args.has("degraded");
  for (const char* option : {"settle-us", "guard-us"}) {
    const std::uint32_t us = args.number(option, 0);
    if (us > kMaxSwitchTimeMicros)
      throw UsageError(std::string("--") + option + " " + std::to_string(us) + ": " +
                       std::string(describe(Errc::config_time_out_of_range)));
    (option[0] == 's' ? config.settle_us : config.guard_us) = us;
  }
  if (const auto text = args.value("fabric")) {
    const auto* known = std::find_if(kAllFabricBackends.begin(), kAllFabricBackends.end(),
                                     [&](FabricBackend f) { return name(f) == *text; });
    if (known == kAllFabricBackends.end())
      throw UsageError("--fabric '" + *text + "': " + std::string(describe(Errc::config_unknown_fabric)));
    config.fabric = *known;
  }
  return config;
}

int run_encode(const Args& args) {
  // The output options first: a wrong --format or --board is reported before the network.
  const std::string format = args.value("format").value_or("bin");
  if (format != "bin" && format != "hex") throw UsageError("unknown format '" + format + "' (known: bin, hex)");
  const auto board = args.value("board");
  if (format == "hex" && !board) throw UsageError("--format hex needs --board BOARD (known: " + board_names() + ")");
  const std::uint32_t address = board ? board_address(*board) : 0;
  const auto out = args.value("out");
  if (!out) throw UsageError("missing --out FILE (- for standard output, with --format hex)");
  if (*out == "-" && format == "bin")
    throw UsageError("--out - writes text only: use --format hex for standard output, or a file for bin");

  const ControllerConfig config = config_of(args);

  const auto block = encode_config(config);
  // The firmware's checks, on the bytes as written: a block that decodes to anything
  // else, or that the device could not plan, is never written.
  const auto decoded = decode_config(block);
  if (!decoded || !(*decoded == config))
    throw UsageError("internal: the block does not decode to the configuration asked for");
  std::uint32_t rounds = 0;
  try {
    rounds = plan_rounds(*decoded);
  } catch (const UsageError& e) {
    throw UsageError("the controller would refuse " + config_line(config).substr(8) + ": " + e.what());
  }
  const std::string verdict = board ? board_verdict(*decoded, board_facts(*board)) : std::string();

  // HEX: the block in both copies of the board's configuration store (a2a/config/config_store.hpp),
  // so a probe's `program` replaces whatever the device saved: each copy's erase unit is
  // erased and holds the block (a block without a trailer counts as sequence 0 in both).
  const std::uint32_t second = board ? address + board_facts(*board).config_bytes / 2 : 0;
  std::string text;
  if (format == "hex") {
    text = write_intel_hex(block, address);
    text.erase(text.rfind(":00000001FF"));  // one end record, after the second copy
    text += write_intel_hex(block, second);
  } else {
    text.assign(block.begin(), block.end());
  }
  if (*out == "-") {
    std::cout << text << std::flush;
    return kExitClean;
  }
  std::ofstream file(*out, std::ios::binary | std::ios::trunc);
  if (!file) throw UsageError("cannot write '" + *out + "'");
  file << text;
  file.flush();
  if (!file) throw UsageError("error while writing '" + *out + "'");
  const std::string what = format == "hex" ? "Intel HEX, block at " + hex32(address) + " and " + hex32(second) + " (" +
                                                 *board + ": both copies of its configuration store)"
                                           : "64 bytes";
  std::cout << "wrote " << *out << ": " << what << '\n' << config_line(config) << "\nrounds: " << rounds << '\n';
  if (board) std::cout << verdict << '\n';
  return kExitClean;
}

int run_decode(const Args& args) {
  const std::vector<std::string>& files = args.words();
  if (files.size() != 1)
    throw UsageError(files.empty() ? "missing FILE" : "give one FILE (got " + std::to_string(files.size()) + ")");
  const std::string& path = files[0];
  if (std::filesystem::is_directory(path)) throw UsageError("'" + path + "' is a directory, not a block file");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw UsageError("cannot read '" + path + "'");
  const std::string content((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (in.bad()) throw UsageError("error while reading '" + path + "'");

  std::vector<std::uint8_t> block(content.begin(), content.end());
  if (!content.empty() && content[0] == ':') {
    const HexRun run = read_intel_hex(content, path);
    const std::string boards = boards_at(run.address);
    std::cout << "hex: block at " << hex32(run.address)
              << (boards.empty() ? " (no board's configuration address)" : " (configuration address of " + boards + ")")
              << '\n';
    if (run.bytes.size() < kConfigBlockSize)
      throw UsageError(std::string(describe(Errc::config_too_short)) + ": " + path + " holds " +
                       std::to_string(run.bytes.size()) + " contiguous bytes at " + hex32(run.address) +
                       ", a block is 64");
    block.assign(run.bytes.begin(), run.bytes.begin() + kConfigBlockSize);
  } else if (block.size() < kConfigBlockSize) {
    throw UsageError(std::string(describe(Errc::config_too_short)) + ": " + path + " holds " +
                     std::to_string(block.size()) + " bytes, a block is 64");
  } else if (block.size() > kConfigBlockSize) {
    // Not silently the first 64: a longer file is more likely an image than a block.
    throw UsageError(path + " holds " + std::to_string(block.size()) +
                     " bytes: a .bin block file is exactly 64 (an image? give its block alone)");
  }
  const auto config = decode_config(block);
  if (!config) {
    std::string reason(describe(config.error()));
    // A blank CONFIG region is not an error on the device: it runs its built-in default.
    const bool blank00 = std::all_of(block.begin(), block.end(), [](std::uint8_t b) { return b == 0x00; });
    const bool blankFF = std::all_of(block.begin(), block.end(), [](std::uint8_t b) { return b == 0xFF; });
    if (blank00 || blankFF)
      reason += std::string("; the block is blank (all ") + (blank00 ? "0x00" : "0xFF") +
                "), where a device runs its built-in default configuration";
    throw UsageError(reason);
  }
  const std::uint32_t rounds = plan_rounds(*config);
  const auto board = args.value("board");
  const std::string verdict = board ? board_verdict(*config, board_facts(*board)) : std::string();
  std::cout << config_line(*config) << "\nrounds: " << rounds << '\n';
  if (board) std::cout << verdict << '\n';
  return kExitClean;
}

}  // namespace

void add_config_command(CommandLine& cli) {
  CLI::App& config = cli.command({"config", "encode or check a controller's configuration block (provisioning)",
                                  "a2a config encode [options] --out FILE    (a2a config encode --help)\n"
                                  "       a2a config decode FILE",
                                  "The controller's 64-byte configuration block: build one for provisioning a board, "
                                  "or check one."},
                                 nullptr);
  std::string boards =
      "boards and their configuration addresses (A2A_BOARD_CONFIG_ADDRESS, platform/cortex-m/boards):\n";
  for (const BoardConfigAddress& b : kBoardConfigAddresses) {
    char row[64];
    std::snprintf(row, sizeof row, "  %-16s %s\n", std::string(b.board).c_str(), hex32(b.address).c_str());
    boards += row;
  }
  CLI::App& encode =
      cli.command({"encode", "build a block for provisioning a board",
                   "a2a config encode --topology T --ports N [--radix d] [--schedule S] [--order O] [--fault S:W]...\n"
                   "                         [--fault-link S:T]... [--degraded] [--settle-us US] [--guard-us US]\n"
                   "                         [--fabric a2a|spi-chain] [--format bin|hex] [--board BOARD] --out FILE",
                   "Builds the controller's 64-byte configuration block (docs/configuration.md) and checks it as the\n"
                   "firmware does (decode_config, then plan_exchange) before writing it. The schedule options are\n"
                   "a2a dump's (default schedule: the network's default, as the firmware's A2A_FW_SCHEDULE=auto);\n"
                   "at most 8 faults and dead links together.",
                   boards},
                  run_encode, &config);
  add_schedule_options(encode, false);
  CommandLine::number(encode, "settle-us", "US",
                      "switch hardware (fabric=spi-chain, ...): the elements' settle time\nafter a latch, in "
                      "microseconds (default 0, at most 1000000)");
  CommandLine::number(encode, "guard-us", "US",
                      "switch hardware: the least time from one round done to the next\nlatch, in microseconds "
                      "(default 0, at most 1000000)");
  CommandLine::value(encode, "fabric", "F",
                     "what sets the switches: a2a (default: the a2a block's switch registers)\n"
                     "or spi-chain (switch elements on SPI shift-register chains, the MPS2 boards)");
  CommandLine::value(encode, "format", "F",
                     "bin (default): the 64 raw bytes; hex: Intel HEX at the board's\n"
                     "configuration address (needs --board)");
  CommandLine::value(encode, "board", "BOARD",
                     "the board the block is for: checked as its image checks it (capacity,\n"
                     "bounded planning: refused as the board would refuse it); with --format hex,\n"
                     "the board whose CONFIG region the HEX file addresses");
  CommandLine::value(encode, "out", "FILE", "the file to write (required; - = standard output, hex only)");
  CLI::App& decode = cli.command(
      {"decode", "check a block and print it as the device's config command", "a2a config decode FILE [--board BOARD]",
       "Reads a configuration block, a 64-byte .bin or an Intel HEX file (the 64 bytes at its lowest\n"
       "address), checks it as the firmware does (decode_config, then plan_exchange) and prints it in\n"
       "the form of the device's config command, with the schedule's round count. Exit status 0 when\n"
       "the device would run it, 2 otherwise (with the firmware's reason)."},
      run_decode, &config);
  CommandLine::words(decode, "FILE", "the block: a .bin of 64 bytes or an Intel HEX file");
  CommandLine::value(decode, "board", "BOARD",
                     "also check it as this board's image does (capacity, bounded planning):\n"
                     "refused as the board would refuse it, else the rounds it runs");
}

}  // namespace a2a::tool
