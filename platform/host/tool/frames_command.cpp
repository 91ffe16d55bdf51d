// a2a frames: what a switch backend puts on the wire in one round of a schedule, for
// the engineer who compares it with a logic analyser at bring-up. The round's switch
// states come from the plan (the schedule options of plan and dump); the backend's
// own sink (a2a::spi_chain, a2a::crosspoint, a2a::gpio: the code a board runs) takes
// rounds 0 .. K as the runner hands them over, and a stand-in for the wire records
// its transfers in round K (a sink writes only what changed since the round before).
// The stand-ins answer reads with what was written, so the sinks' read-back checks
// pass. The wire formats: docs/switch-backends.md.
#include <a2a/crosspoint/adn4604.hpp>
#include <a2a/crosspoint/crosspoint.hpp>
#include <a2a/crosspoint/vsc3316.hpp>
#include <a2a/gpio/gpio_sink.hpp>
#include <a2a/hal/switch_fabric.hpp>
#include <a2a/spi_chain/shift_chain.hpp>

#include <cstdio>
#include <fstream>
#include <map>
#include <set>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "cli_app.hpp"
#include "commands.hpp"
#include "schedule_select.hpp"
#include "tool_error.hpp"
#include "vcd_writer.hpp"

namespace a2a::tool {
namespace {

/// The largest network `a2a frames` writes (the sinks' capacities below).
constexpr std::uint32_t kFramesMaxPorts = 1024;
constexpr std::uint32_t kChipPorts = 16;     ///< outputs per crosspoint chip
constexpr std::uint8_t kI2cBase = 0x20;      ///< the first crosspoint chip's I2C address
constexpr std::uint32_t kGpioLines = 8192;   ///< lines the GPIO sink may drive
constexpr std::uint8_t kAdnBase = 0x48;      ///< the ADN4604s' first I2C address (four a mux group)
constexpr std::uint8_t kVscBase = 0x40;      ///< the VSC3316s' first I2C address (four a mux group)
constexpr std::uint32_t kPartsPerGroup = 4;  ///< parts on one multiplexer channel
constexpr std::size_t kVcdChannels = 64;     ///< the channels libsigrok 0.5's VCD input reads
constexpr std::uint8_t kMuxAddress = 0x70;   ///< the multiplexer (--vcd draws its group write there)

/// What the wire carried in the round asked for.
struct WireLog {
  bool recording{false};
  std::vector<std::string> lines;
  std::vector<WireTransfer> transfers;  // the same, for --vcd
  std::uint32_t pulses{0};
  void note(std::string line) {
    if (recording) lines.push_back(std::move(line));
  }
  void carried(WireTransfer::Kind kind, std::uint32_t target, std::span<const std::uint8_t> tx,
               std::span<const std::uint8_t> rx) {
    if (recording)
      transfers.push_back({kind, target, std::vector<std::uint8_t>(tx.begin(), tx.end()),
                           std::vector<std::uint8_t>(rx.begin(), rx.end()), 0});
  }
};

std::string hex(std::span<const std::uint8_t> bytes) {
  std::string text;
  char byte[4];
  for (const std::uint8_t b : bytes) {
    std::snprintf(byte, sizeof byte, text.empty() ? "%02x" : " %02x", b);
    text += byte;
  }
  return text;
}

struct Strobe {
  WireLog* log;
  Errc pulse() {
    if (log->recording) ++log->pulses;
    log->carried(WireTransfer::Kind::pulse, 0, {}, {});
    return Errc::ok;
  }
};

/// Shift-register chains: what comes back is the frame shifted before.
struct ChainWire {
  WireLog* log;
  std::map<std::uint32_t, std::vector<std::uint8_t>> held;
  Errc write_read(std::uint32_t chain, std::span<const std::uint8_t> tx, std::span<std::uint8_t> rx) {
    std::vector<std::uint8_t>& chain_now = held[chain];
    for (std::size_t i = 0; i < rx.size(); ++i) rx[i] = i < chain_now.size() ? chain_now[i] : 0;
    chain_now.assign(tx.begin(), tx.end());
    log->note("chain " + std::to_string(chain) + ": " + hex(tx));
    log->carried(WireTransfer::Kind::spi, chain, tx, rx);
    return Errc::ok;
  }
};

/// Crosspoint chips on SPI: [register, input] writes, [register | 0x80, 0] reads.
struct CrosspointSpiWire {
  WireLog* log;
  std::map<std::pair<std::uint32_t, std::uint8_t>, std::uint8_t> registers;
  Errc write_read(std::uint32_t chip, std::span<const std::uint8_t> tx, std::span<std::uint8_t> rx) {
    const auto reg = static_cast<std::uint8_t>(tx[0] & 0x7FU);
    const bool read = (tx[0] & 0x80U) != 0;
    if (!read) registers[{chip, reg}] = tx[1];
    if (read && rx.size() == 2) rx[1] = registers[{chip, reg}];
    log->carried(WireTransfer::Kind::spi, chip, tx, rx);
    log->note("chip " + std::to_string(chip) + ": " + hex(tx) + (read ? " -> " + hex(rx.subspan(1)) : ""));
    return Errc::ok;
  }
};

/// Crosspoint chips on I2C: {register, input} writes, {register} then one byte reads.
struct CrosspointI2cWire {
  WireLog* log;
  std::map<std::pair<std::uint8_t, std::uint8_t>, std::uint8_t> registers;
  static std::string address(std::uint8_t a) {
    char text[8];
    std::snprintf(text, sizeof text, "0x%02x", a);
    return text;
  }
  Errc write(std::uint8_t a, std::span<const std::uint8_t> tx) {
    registers[{a, tx[0]}] = tx[1];
    log->note(address(a) + " write: " + hex(tx));
    log->carried(WireTransfer::Kind::i2c_write, a, tx, {});
    return Errc::ok;
  }
  Errc write_read(std::uint8_t a, std::span<const std::uint8_t> tx, std::span<std::uint8_t> rx) {
    rx[0] = registers[{a, tx[0]}];
    log->note(address(a) + " read: " + hex(tx) + " -> " + hex(rx));
    log->carried(WireTransfer::Kind::i2c_read, a, tx, rx);
    return Errc::ok;
  }
};

/// The real parts' registers, as the stand-ins answer: a read gives what was written,
/// the ADN4604's live connection (0xB0..) its map written last (the update copies it),
/// the VSC3316's revision ID its 0xAB.
struct PartRegisters {
  std::map<std::pair<std::uint32_t, std::uint32_t>, std::uint8_t> registers;
  std::map<std::uint32_t, std::uint32_t> map_base;  // where a part's last map was written
  void write(std::uint32_t part, std::uint32_t reg, std::span<const std::uint8_t> data) {
    for (std::size_t i = 0; i < data.size(); ++i) registers[{part, reg + static_cast<std::uint32_t>(i)}] = data[i];
    if (reg == 0x90 || reg == 0x98) map_base[part] = reg;
  }
  void read(std::uint32_t part, std::uint32_t reg, std::span<std::uint8_t> out) {
    for (std::size_t i = 0; i < out.size(); ++i) {
      std::uint32_t r = reg + static_cast<std::uint32_t>(i);
      if (r >= 0xB0 && r < 0xB8) r = r - 0xB0 + map_base[part];
      out[i] = r == 0x7E ? crosspoint::vsc3316::kRevisionId : registers[{part, r}];
    }
  }
};

/// The parts with a chip select each (SpiParts: [00 | 80, register, data...]).
struct PartsSpiWire {
  WireLog* log;
  PartRegisters parts{};
  Errc write_read(std::uint32_t part, std::span<const std::uint8_t> tx, std::span<std::uint8_t> rx) {
    const bool read = tx[0] == crosspoint::kSpiRead;
    if (read)
      parts.read(part, tx[1], rx.subspan(2));
    else
      parts.write(part, tx[1], tx.subspan(2));
    log->carried(WireTransfer::Kind::spi, part, tx, rx);
    log->note("part " + std::to_string(part) + ": " + hex(tx) + (read ? " -> " + hex(rx.subspan(2)) : ""));
    return Errc::ok;
  }
};

/// The parts on I2C behind a multiplexer (I2cParts): {register, data...} writes,
/// {register} then bytes reads, each line naming the mux group.
struct PartsI2cWire {
  WireLog* log;
  std::uint32_t group{0};
  std::uint8_t base{0};
  PartRegisters parts{};
  [[nodiscard]] std::uint32_t part(std::uint8_t a) const { return group * kPartsPerGroup + (a - base); }
  /// The mux group the bus reaches and the address on it.
  [[nodiscard]] std::string where(std::uint8_t a) const {
    return "mux " + std::to_string(group) + ", " + CrosspointI2cWire::address(a);
  }
  Errc write(std::uint8_t a, std::span<const std::uint8_t> tx) {
    parts.write(part(a), tx[0], tx.subspan(1));
    log->note(where(a) + " write: " + hex(tx));
    log->carried(WireTransfer::Kind::i2c_write, a, tx, {});
    return Errc::ok;
  }
  Errc write_read(std::uint8_t a, std::span<const std::uint8_t> tx, std::span<std::uint8_t> rx) {
    parts.read(part(a), tx[0], rx);
    log->note(where(a) + " read: " + hex(tx) + " -> " + hex(rx));
    log->carried(WireTransfer::Kind::i2c_read, a, tx, rx);
    return Errc::ok;
  }
};
/// The multiplexer in front of PartsI2cWire (each transfer's line names its group).
struct PartsMux {
  PartsI2cWire* wire;
  Errc select(std::uint32_t group) {
    wire->group = group;
    const std::array<std::uint8_t, 1> channel{static_cast<std::uint8_t>(group)};
    wire->log->carried(WireTransfer::Kind::i2c_write, kMuxAddress, channel, {});  // the mux's own write
    return Errc::ok;
  }
};

struct GpioWire {
  WireLog* log;
  Errc set(std::uint32_t word, std::uint32_t bits) {
    char text[48];
    std::snprintf(text, sizeof text, "lines %u..%u: 0x%08x", 32 * word, 32 * word + 31, bits);
    log->note(text);
    return Errc::ok;
  }
};

using Round = hal::RoundSwitches<kFramesMaxPorts / 2>;

/// Rounds 0 .. last through `sink`, the last one's wire recorded in `log`.
template <class Sink>
void latch_rounds(Sink& sink, const Plan& plan, std::uint32_t last, WireLog& log) {
  const Network net = plan.info().net;
  if (const Errc e = sink.configure(net); e != Errc::ok)
    throw UsageError(std::string("the backend refuses this network: ") + std::string(describe(e)));
  Round round;
  round.reset(net);
  for (std::uint32_t r = 0; r <= last; ++r) {
    const PlanRound states = plan.round(r);
    for (std::uint32_t s = 0; s < net.stages; ++s)
      for (std::uint32_t y = 0; y < net.switches_per_stage(); ++y) round.set(s, y, states.stages[s][y]);
    log.recording = r == last;
    if (const Errc e = sink.latch(round); e != Errc::ok)
      throw UsageError(std::string("the backend failed: ") + std::string(describe(e)));
    round.latched();
  }
}

/// The backend's wire format in one line (docs/switch-backends.md has it whole).
std::string format_line(const std::string& fabric, const Network& net) {
  const std::uint32_t w = hal::element_bits(net.radix);
  const auto count = [](std::uint32_t n, const char* what) {
    return std::to_string(n) + " " + what + (n == 1 ? "" : "s");
  };
  if (fabric == "spi-chain")
    return "spi-chain: chain s = stage s, " + count(spi_chain::frame_bytes(net), "byte") + " a frame (" +
           count(net.switches_per_stage(), "element") + " x " + count(w, "bit") +
           ", element e's bits at positions e w ..), byte 0 first, each byte most significant bit first; "
           "only the stages that changed are shifted, then one latch pulse";
  if (fabric == "spi-chain-single")
    return "spi-chain-single: one chain (chain 0) through every stage, " +
           count(spi_chain::single_frame_bytes(net), "byte") + " (" + count(net.stages, "stage") + " x " +
           count(net.switches_per_stage(), "element") + " x " + count(w, "bit") +
           ", stage s element e's bits at positions (s S + e) w ..), byte 0 first, each byte most significant bit "
           "first; the whole chain every round, then one latch pulse";
  if (fabric == "gpio")
    return "gpio: element e of stage s on lines (s S + e) w .., least significant bit first, written 32 at a time "
           "(only the words that changed), then one strobe pulse";
  const std::string chips = std::to_string(kChipPorts) + "-output chips, chip s C + c for ports c " +
                            std::to_string(kChipPorts) + " .. of stage s; ";
  if (fabric == "adn4604-spi" || fabric == "adn4604-i2c")
    return fabric + ": ADN4604 parts of 16 outputs, part s P + p for ports 16 p .. of stage s; " +
           (fabric == "adn4604-spi"
                ? "a chip select per part, [00, register, data...] writes, [80, register, 00...] reads; "
                : "part n at 0x48 + n % 4 behind mux group n / 4, {register, data...} writes; ") +
           "a changed part's inactive map (0x90 or 0x98, output 2b's input in bits 3:0 of byte b, 2b + 1's in 7:4) in "
           "one burst, its selection (0x81), " +
           (fabric == "adn4604-spi" ? "XPT_UPDATE (0x80 = 01)" : "one UPDATE pulse for all") +
           ", the live connection read back (0xB0..)";
  if (fabric == "vsc3316")
    return "vsc3316: VSC3316 parts of 16 outputs, part n at 0x40 + n % 4 behind mux group n / 4; page 0 register o "
           "takes output o's input: each changed output written {o, input} and read back, then WP pulsed "
           "(0x75 = 01, 00) on each part written";
  if (fabric == "crosspoint-spi")
    return "crosspoint-spi: " + chips +
           "a write [register, input], read back [register | 0x80, 00] -> input; "
           "only the elements that changed, then one update pulse";
  return "crosspoint-i2c: " + chips +
         "chip n at address 0x20 + n, a write {register, input}, read back {register} "
         "-> input; only the elements that changed, then one update pulse";
}

/// Round K's transfers as a Value Change Dump (vcd_writer.hpp): the guard time before
/// them, the settle time after the strobe (or after the last transfer).
void write_vcd(const std::string& path, const std::string& fabric, const WireLog& log, std::uint64_t bus_hz,
               std::uint64_t guard_us, std::uint64_t settle_us) {
  std::vector<WireTransfer> drawn;
  if (guard_us != 0) drawn.push_back({WireTransfer::Kind::gap, 0, {}, {}, guard_us * 1000});
  bool settled = false;
  for (const WireTransfer& t : log.transfers) {
    drawn.push_back(t);
    if (t.kind == WireTransfer::Kind::pulse && settle_us != 0) {
      drawn.push_back({WireTransfer::Kind::gap, 0, {}, {}, settle_us * 1000});
      settled = true;
    }
  }
  if (!settled && settle_us != 0) drawn.push_back({WireTransfer::Kind::gap, 0, {}, {}, settle_us * 1000});
  std::set<std::uint32_t> selects;
  for (const WireTransfer& t : log.transfers)
    if (t.kind == WireTransfer::Kind::spi) selects.insert(t.target);
  if (selects.size() + 4 > kVcdChannels)
    throw UsageError("--vcd: round's transfers use " + std::to_string(selects.size()) +
                     " chip selects, and libsigrok's VCD input reads at most " + std::to_string(kVcdChannels) +
                     " channels: draw a round that changes fewer stages (a Gray-order round changes one)");
  VcdWriter writer(fabric.starts_with("spi-chain") ? "latch" : "update", bus_hz);
  writer.draw(drawn);
  std::ofstream out(path, std::ios::binary);
  out << writer.text();
  if (!out) throw UsageError("--vcd: cannot write '" + path + "'");
}

int run_frames(const Args& args) {
  const std::string fabric = args.value("fabric").value_or("");
  if (fabric != "spi-chain" && fabric != "spi-chain-single" && fabric != "crosspoint-spi" &&
      fabric != "crosspoint-i2c" && fabric != "gpio" && fabric != "adn4604-spi" && fabric != "adn4604-i2c" &&
      fabric != "vsc3316")
    throw UsageError(
        "--fabric needs a switch backend: spi-chain, spi-chain-single, crosspoint-spi, crosspoint-i2c, "
        "adn4604-spi, adn4604-i2c, vsc3316 or gpio" +
        (fabric.empty() ? std::string() : ", got '" + fabric + "'"));
  if (!args.has("round")) throw UsageError("--round K is required (the round whose wire is printed, 0-based)");
  const auto plan = load_plan(args);
  const PlanInfo& info = plan->info();
  const std::uint32_t round = args.number("round", 0);
  if (round >= info.rounds)
    throw UsageError("--round " + std::to_string(round) + " is beyond the schedule's " + std::to_string(info.rounds) +
                     " rounds (0 .. " + std::to_string(info.rounds - 1) + ")");
  if (info.net.ports > kFramesMaxPorts)
    throw UsageError("N = " + std::to_string(info.net.ports) + " is above a2a frames' largest, " +
                     std::to_string(kFramesMaxPorts));
  const std::string vcd = args.value("vcd").value_or("");
  if (!vcd.empty() && fabric == "gpio")
    throw UsageError("--vcd draws the SPI and I2C backends' buses; gpio's lines are written 32 at a time in parallel");
  const std::uint64_t bus_hz = args.number("bus-hz", 1'000'000);
  if (bus_hz == 0 || bus_hz > 100'000'000) throw UsageError("--bus-hz must be 1 .. 100000000 (Hz)");
  WireLog log;
  Strobe strobe{&log};
  if (fabric == "spi-chain") {
    ChainWire wire{&log, {}};
    spi_chain::ShiftChainSink<ChainWire, Strobe, kFramesMaxPorts> sink(wire, strobe);
    latch_rounds(sink, *plan, round, log);
  } else if (fabric == "spi-chain-single") {
    ChainWire wire{&log, {}};
    spi_chain::ShiftChainSink<ChainWire, Strobe, kFramesMaxPorts, spi_chain::ChainLayout::single> sink(wire, strobe);
    latch_rounds(sink, *plan, round, log);
  } else if (fabric == "crosspoint-spi") {
    CrosspointSpiWire wire{&log, {}};
    crosspoint::SpiRegisters<CrosspointSpiWire> port(wire);
    crosspoint::CrosspointSink<decltype(port), Strobe, kChipPorts, kFramesMaxPorts> sink(port, strobe);
    latch_rounds(sink, *plan, round, log);
  } else if (fabric == "crosspoint-i2c") {
    CrosspointI2cWire wire{&log, {}};
    crosspoint::I2cRegisters<CrosspointI2cWire> port(wire, kI2cBase);
    crosspoint::CrosspointSink<decltype(port), Strobe, kChipPorts, kFramesMaxPorts> sink(port, strobe);
    latch_rounds(sink, *plan, round, log);
  } else if (fabric == "adn4604-spi") {
    PartsSpiWire wire{&log};
    crosspoint::SpiParts<PartsSpiWire> bus(wire);
    crosspoint::XptUpdateRegister by_register;
    crosspoint::Adn4604Sink<decltype(bus), crosspoint::XptUpdateRegister, kFramesMaxPorts> sink(bus, by_register);
    latch_rounds(sink, *plan, round, log);
  } else if (fabric == "adn4604-i2c" || fabric == "vsc3316") {
    PartsI2cWire wire{&log, 0, fabric == "vsc3316" ? kVscBase : kAdnBase};
    crosspoint::I2cParts<PartsI2cWire, PartsMux, kPartsPerGroup> bus(wire, wire.base, PartsMux{&wire});
    if (fabric == "vsc3316") {
      crosspoint::Vsc3316Sink<decltype(bus), 16, kFramesMaxPorts> sink(bus);
      latch_rounds(sink, *plan, round, log);
    } else {
      crosspoint::Adn4604Sink<decltype(bus), Strobe, kFramesMaxPorts> sink(bus, strobe);
      latch_rounds(sink, *plan, round, log);
    }
  } else {
    GpioWire wire{&log};
    gpio::GpioSink<GpioWire, Strobe, kGpioLines> sink(wire, strobe);
    latch_rounds(sink, *plan, round, log);
  }
  if (!vcd.empty()) write_vcd(vcd, fabric, log, bus_hz, args.number("guard-us", 0), args.number("settle-us", 0));
  std::printf("round %u of %u: %s\n%s\n", round, info.rounds, info.origin.c_str(),
              format_line(fabric, info.net).c_str());
  for (const std::string& line : log.lines) std::printf("%s\n", line.c_str());
  if (log.lines.empty()) std::printf("(nothing written: no element changed since round %u)\n", round - 1);
  if (fabric != "adn4604-spi" && fabric != "vsc3316")  // those commit by a register write (above)
    std::printf("%s: %u pulse%s\n",
                fabric.starts_with("spi-chain") ? "latch"
                : fabric == "gpio"              ? "strobe"
                                                : "update",
                log.pulses, log.pulses == 1 ? "" : "s");
  return kExitClean;
}

}  // namespace

void add_frames_command(CommandLine& cli) {
  CLI::App& app =
      cli.command({"frames", "the bytes a switch backend puts on the wire in one round (docs/switch-backends.md)",
                   "a2a frames --fabric "
                   "spi-chain|spi-chain-single|crosspoint-spi|crosspoint-i2c|adn4604-spi|adn4604-i2c|vsc3316|gpio\n"
                   "                  --topology T --ports N\n"
                   "                  [schedule options]"
                   " --round K",
                   "Feeds rounds 0 .. K of the schedule to the backend's own sink, as the controller does (only\n"
                   "what changed since the round before is written), and prints round K's transfers in hex:\n"
                   "spi-chain a frame per chain shifted (a chain per stage; spi-chain-single: one chain through\n"
                   "every stage, shifted whole), crosspoint a register write and its read-back per\n"
                   "element output (crosspoint chips of 16 outputs; on I2C from address 0x20), the real\n"
                   "parts' register bursts (ADN4604: a changed part's inactive map, its selection, the\n"
                   "update, the live read-back; VSC3316: the changed outputs and their read-back, then\n"
                   "the WP pulse; on I2C four parts a mux group, from 0x48 and 0x40), gpio the 32-line\n"
                   "words written; then the latch, update or strobe pulses. --vcd FILE also draws the round's\n"
                   "bus signals (SPI mode 0: sclk, mosi, miso, cs_n, cs1_n, ...; I2C: scl, sda; latch or update)\n"
                   "at --bus-hz, the settle and guard times as gaps, as a VCD sigrok-cli and PulseView read."},
                  run_frames);
  add_schedule_options(app);
  CommandLine::value(
      app, "fabric", "F",
      "spi-chain, spi-chain-single, crosspoint-spi, crosspoint-i2c, adn4604-spi, adn4604-i2c, vsc3316 or gpio");
  CommandLine::number(app, "round", "K", "the round whose wire is printed (0-based)");
  CommandLine::value(app, "vcd", "FILE",
                     "also write the round's bus signals as a Value Change Dump (sigrok, PulseView read it)");
  CommandLine::number(app, "bus-hz", "HZ", "the bus clock the VCD is drawn at (default 1000000)");
  CommandLine::number(app, "settle-us", "US", "the VCD's gap after the strobe (the elements' settle time)");
  CommandLine::number(app, "guard-us", "US", "the VCD's gap before the round's first transfer (the guard time)");
}

}  // namespace a2a::tool
