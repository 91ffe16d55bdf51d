// The switch backends per round (docs/PERFORMANCE.md, "Switch backends"): omega
// N = 256 (d = 2, 8 stages of 128 elements), the Latin square in natural and in gray
// order, every round after the first fed to each backend's own sink as SwitchFabric
// feeds it (a stage word per stage: RoundSwitches::set_stage). Per backend: the
// bytes (or words) it puts on the wire in a round, and the instructions of its
// latch() over a wire stand-in that answers as the hardware does (a chain gives back
// what it held, a chip its registers) without any bus time. For the chains also the
// frames alone (FrameBuilder, as the sink builds them) against copying as many bytes, the
// floor any builder pays. Each group: a "bench ..." line, then a flush.
#include <array>
#include <bit>
#include <cstdint>
#include <cstring>
#include <span>

#include "a2a/a2a.hpp"
#include "a2a/board/console.hpp"
#include "a2a/crosspoint/adn4604.hpp"
#include "a2a/crosspoint/crosspoint.hpp"
#include "a2a/crosspoint/vsc3316.hpp"
#include "a2a/gpio/gpio_sink.hpp"
#include "a2a/block_sink/block_switch_sink.hpp"
#include "a2a/hal/switch_fabric.hpp"
#include "a2a/hal/transfer.hpp"
#include "a2a/mmio/mmio_bus.hpp"
#include "a2a/spi_chain/shift_chain.hpp"
#include "icount_markers.h"
#ifdef A2A_BENCH_PL022
#include "switch_chain.hpp"  // the board's PL022 driver, as the controller image drives it
#endif

namespace {

using namespace a2a;
using board::println;

constexpr std::uint32_t kPorts = 256;
constexpr std::uint32_t kChipPorts = 16;     // SPI: a chip select per chip
constexpr std::uint32_t kI2cChipPorts = 64;  // I2C: 32 chips of 64 outputs fit the 7-bit addresses
using Round = hal::RoundSwitches<kPorts / 2>;

/// Bytes and transfers the sinks put on the wire (counted outside nothing: a few adds).
struct WireCount {
  std::uint32_t bytes{0};
  std::uint32_t transfers{0};
};

/// Chains: what a chain held comes back while a frame goes in.
struct ChainWire {
  WireCount* count;
  std::array<std::array<std::uint8_t, 128>, kMaxStages> held{};
  Errc write_read(std::uint32_t chain, std::span<const std::uint8_t> tx, std::span<std::uint8_t> rx) {
    std::memcpy(rx.data(), held[chain].data(), tx.size());
    std::memcpy(held[chain].data(), tx.data(), tx.size());
    count->bytes += static_cast<std::uint32_t>(tx.size());
    ++count->transfers;
    return Errc::ok;
  }
};
struct Pulse {
  Errc pulse() { return Errc::ok; }
};
/// Crosspoint chips on SPI: [register, input] writes, [register | 0x80, 0] reads.
struct ChipSpiWire {
  WireCount* count;
  std::array<std::array<std::uint8_t, kChipPorts>, 8 * kPorts / kChipPorts> registers{};
  Errc write_read(std::uint32_t chip, std::span<const std::uint8_t> tx, std::span<std::uint8_t> rx) {
    const std::uint32_t reg = tx[0] & 0x7FU;
    if ((tx[0] & 0x80U) != 0)
      rx[1] = registers[chip][reg];
    else
      registers[chip][reg] = tx[1];
    count->bytes += 2;
    ++count->transfers;
    return Errc::ok;
  }
};
/// Crosspoint chips on I2C from address 0x20: a write {register, input}, a read {register} -> input.
struct ChipI2cWire {
  WireCount* count;
  std::array<std::array<std::uint8_t, kI2cChipPorts>, 8 * kPorts / kI2cChipPorts> registers{};
  Errc write(std::uint8_t address, std::span<const std::uint8_t> tx) {
    registers[address - 0x20U][tx[0]] = tx[1];
    count->bytes += 3;  // the address byte too
    ++count->transfers;
    return Errc::ok;
  }
  Errc write_read(std::uint8_t address, std::span<const std::uint8_t> tx, std::span<std::uint8_t> rx) {
    rx[0] = registers[address - 0x20U][tx[0]];
    count->bytes += 4;  // address, register, address again, the value
    ++count->transfers;
    return Errc::ok;
  }
};
/// The real parts' registers (128 parts of 16 outputs at N = 256): a part answers a read
/// with what was written, its live connection (0xB0..) with the map written last.
struct PartRegisters {
  static constexpr std::uint32_t kRegisters = 0xA0;  // up to map 1's last byte; 0xB0.. answered from a map
  std::array<std::array<std::uint8_t, kRegisters>, 8 * kPorts / 16> regs{};
  std::array<std::uint8_t, 8 * kPorts / 16> map{};  // 0x90 or 0x98: where the last map went
  void write(std::uint32_t part, std::uint32_t reg, std::span<const std::uint8_t> data) {
    for (std::size_t i = 0; i < data.size(); ++i)
      if (reg + i < kRegisters) regs[part][reg + i] = data[i];
    if (reg == 0x90 || reg == 0x98) map[part] = static_cast<std::uint8_t>(reg);
  }
  void read(std::uint32_t part, std::uint32_t reg, std::span<std::uint8_t> out) {
    for (std::size_t i = 0; i < out.size(); ++i) {
      std::uint32_t r = (reg + static_cast<std::uint32_t>(i)) & 0xFFU;
      if (r >= 0xB0 && r < 0xB8) r = r - 0xB0 + map[part];
      out[i] = r == 0x7E ? crosspoint::vsc3316::kRevisionId : r < kRegisters ? regs[part][r] : 0;
    }
  }
};
/// The parts on SPI, a chip select each (SpiParts: [00 | 80, register, data...]).
struct PartsSpiWire {
  WireCount* count;
  PartRegisters* parts;
  Errc write_read(std::uint32_t part, std::span<const std::uint8_t> tx, std::span<std::uint8_t> rx) {
    if (tx[0] == crosspoint::kSpiRead)
      parts->read(part, tx[1], rx.subspan(2));
    else
      parts->write(part, tx[1], tx.subspan(2));
    count->bytes += static_cast<std::uint32_t>(tx.size());
    ++count->transfers;
    return Errc::ok;
  }
};
/// The parts on I2C, four a mux group from `base`; the mux's own write counted as one.
struct PartsI2cWire {
  WireCount* count;
  PartRegisters* parts;
  std::uint8_t base;
  std::uint32_t group{0};
  [[nodiscard]] std::uint32_t part(std::uint8_t a) const { return group * 4 + (a - base); }
  Errc write(std::uint8_t a, std::span<const std::uint8_t> tx) {
    parts->write(part(a), tx[0], tx.subspan(1));
    count->bytes += 1 + static_cast<std::uint32_t>(tx.size());  // the address byte too
    ++count->transfers;
    return Errc::ok;
  }
  Errc write_read(std::uint8_t a, std::span<const std::uint8_t> tx, std::span<std::uint8_t> rx) {
    parts->read(part(a), tx[0], rx);
    count->bytes += 3 + static_cast<std::uint32_t>(rx.size());  // address, register, address again, the bytes
    ++count->transfers;
    return Errc::ok;
  }
};
struct PartsMux {
  PartsI2cWire* wire;
  Errc select(std::uint32_t group) {
    wire->group = group;
    wire->count->bytes += 2;  // the mux's address and its channel byte
    ++wire->count->transfers;
    return Errc::ok;
  }
};

/// A start/complete chain wire as the MPS2's PL022 is driven (its FIFO of 8 frames): a
/// transfer moves 8 bytes a service() call, what the chain held coming back, and
/// completes with the last (the bus time itself not simulated: the steps are the CPU's).
struct AsyncChainWire {
  WireCount* count;
  std::array<std::array<std::uint8_t, 128>, kMaxStages> held{};
  hal::TransferCompletion* done{nullptr};
  std::span<const std::uint8_t> tx{};
  std::span<std::uint8_t> rx{};
  std::uint32_t chain{0};
  std::uint32_t moved{0};
  Errc start(std::uint32_t c, std::span<const std::uint8_t> t, std::span<std::uint8_t> r, hal::TransferCompletion& d) {
    done = &d;
    chain = c;
    tx = t;
    rx = r;
    moved = 0;
    count->bytes += static_cast<std::uint32_t>(t.size());
    ++count->transfers;
    return Errc::ok;
  }
  void service() {
    if (done == nullptr) return;
    const std::uint32_t n = static_cast<std::uint32_t>(tx.size());
    const std::uint32_t end = moved + 8 < n ? moved + 8 : n;
    for (; moved < end; ++moved) {
      rx[moved] = held[chain][moved];
      held[chain][moved] = tx[moved];
    }
    if (moved == n) {
      hal::TransferCompletion* d = done;
      done = nullptr;
      d->complete(Errc::ok);
    }
  }
};
/// Any of the wires above started, and completed at the driver's next service() (the
/// FIFO flags read once a step; the bus time itself not simulated): the crosspoint
/// backends over a start/complete SPI or I2C.
template <class Wire>
struct StartedWire {
  Wire* wire;
  hal::TransferCompletion* done{nullptr};
  Errc result{Errc::ok};
  Errc start(std::uint32_t target, std::span<const std::uint8_t> tx, std::span<std::uint8_t> rx,
             hal::TransferCompletion& d) {
    return started(d, wire->write_read(target, tx, rx));
  }
  Errc start_write(std::uint8_t address, std::span<const std::uint8_t> tx, hal::TransferCompletion& d) {
    return started(d, wire->write(address, tx));
  }
  Errc start_write_read(std::uint8_t address, std::span<const std::uint8_t> tx, std::span<std::uint8_t> rx,
                        hal::TransferCompletion& d) {
    return started(d, wire->write_read(address, tx, rx));
  }
  void service() {
    if (done == nullptr) return;
    hal::TransferCompletion* d = done;
    done = nullptr;
    d->complete(result);
  }

 private:
  Errc started(hal::TransferCompletion& d, Errc e) {
    done = &d;
    result = e;
    return Errc::ok;
  }
};
struct Clock {
  std::uint64_t t{0};
  std::uint64_t now_us() { return t++; }
};

/// GPIO lines 32 to a word.
struct LinesWire {
  WireCount* count;
  Errc set(std::uint32_t, std::uint32_t) {
    count->bytes += 4;
    ++count->transfers;
    return Errc::ok;
  }
};
/// The a2a block's switch registers (RAM stand-in): a word a write.
struct BlockWire {
  WireCount* count;
  std::array<std::uint32_t, hal::FabricLayout<kPorts, 8>::kSize / 4>* words;
  std::uint32_t read32(std::uint32_t offset) { return (*words)[offset / 4]; }
  void write32(std::uint32_t offset, std::uint32_t value) {
    (*words)[offset / 4] = value;
    count->bytes += 4;
    ++count->transfers;
  }
};

Round g_round;
// The wire stand-ins, shared by the blocking and the started sinks (a board with 192 KiB
// of RAM holds one set: the parts' registers are 32 KiB each).
WireCount g_count;
ChipSpiWire g_chip_spi{&g_count};
ChipI2cWire g_chip_i2c{&g_count};
PartRegisters g_adn_registers;
PartRegisters g_vsc_registers;
PartsSpiWire g_adn_spi_wire{&g_count, &g_adn_registers};
PartsI2cWire g_adn_i2c_wire{&g_count, &g_adn_registers, 0x48};
PartsI2cWire g_vsc_wire{&g_count, &g_vsc_registers, 0x40};
std::array<std::uint32_t, hal::FabricLayout<kPorts, 8>::kSize / 4> g_block{};
std::array<std::uint8_t, 128> g_frame{};
std::array<std::uint8_t, 128> g_copy{};

/// Round r of the schedule into g_round, a stage word per stage (as SwitchFabric).
void feed(const LatinSquareSchedule<>& schedule, std::uint32_t r) {
  const auto round = schedule.round(r);
  for (std::uint32_t s = 0; s < schedule.network().stages; ++s)
    g_round.set_stage(s, hal::StagePattern{true, 0, static_cast<std::uint8_t>(round.stage_state(s))});
}

/// Every round of `schedule` through `sink`: round 0 unmeasured (it writes everything),
/// then each latch an interval. Prints the group's line with the wire per round.
template <class Sink>
void measure(const char* backend, const char* order, const LatinSquareSchedule<>& schedule, Sink& sink,
             WireCount& count) {
  g_round.reset(schedule.network());
  (void)sink.configure(schedule.network());
  feed(schedule, 0);
  (void)sink.latch(g_round);
  g_round.latched();
  count = {};
  bool ok = true;
  for (std::uint32_t r = 1; r < schedule.rounds(); ++r) {
    feed(schedule, r);
    A2A_ICOUNT_START();
    const Errc e = sink.latch(g_round);
    A2A_ICOUNT_STOP();
    ok = ok && e == Errc::ok;
    g_round.latched();
  }
  const std::uint32_t rounds = schedule.rounds() - 1;
  println("bench latch backend=", backend, " order=", order, " N=", schedule.network().ports, " rounds=", rounds,
          " bytes=", count.bytes, " transfers=", count.transfers, " ok=", ok ? 1 : 0);
  A2A_ICOUNT_FLUSH();
}

/// The chains' frames alone, as the sink builds them in a round of `schedule`: the
/// changed stages' frames (a chain per stage), the single chain's frame updated from
/// the round before; then copying as many bytes (memcpy), the floor.
void frames_against_copy(const LatinSquareSchedule<>& schedule, const char* order) {
  const Network net = schedule.network();
  const spi_chain::FrameBuilder frames(net);  // as the sink holds it from configure
  const std::uint32_t bytes = frames.stage_bytes();
  const std::uint32_t whole = frames.chain_bytes();
  g_round.reset(net);
  feed(schedule, 0);
  frames.chain(g_round, std::span(g_copy).first(whole));
  g_round.latched();
  std::uint32_t changed = 0;
  for (std::uint32_t r = 1; r < schedule.rounds(); ++r) {
    feed(schedule, r);
    A2A_ICOUNT_START();  // as the sink visits the changed stages
    for (std::uint32_t todo = g_round.changed_stages(); todo != 0; todo &= todo - 1)
      frames.stage(g_round, static_cast<std::uint32_t>(std::countr_zero(todo)), std::span(g_frame).first(bytes));
    A2A_ICOUNT_STOP();
    changed += static_cast<std::uint32_t>(std::popcount(g_round.changed_stages()));
    g_round.latched();
  }
  println("bench frames layout=per-stage order=", order, " rounds=", schedule.rounds() - 1, " bytes=", changed * bytes);
  A2A_ICOUNT_FLUSH();
  g_round.reset(net);
  feed(schedule, 0);
  spi_chain::build_single_frame(g_round, std::span(g_copy).first(whole));
  g_round.latched();
  bool updated = true;
  for (std::uint32_t r = 1; r < schedule.rounds(); ++r) {
    feed(schedule, r);
    A2A_ICOUNT_START();
    updated = frames.update_chain(g_round, std::span(g_copy).first(whole)) && updated;
    A2A_ICOUNT_STOP();
    g_round.latched();
  }
  println("bench frames layout=single order=", order, " rounds=", schedule.rounds() - 1,
          " bytes=", whole * (schedule.rounds() - 1), " ok=", updated ? 1 : 0);
  A2A_ICOUNT_FLUSH();
  for (const std::uint32_t n : {bytes, whole}) {
    for (std::uint32_t k = 0; k < 8; ++k) {
      A2A_ICOUNT_START();
      std::memcpy(g_frame.data(), g_copy.data(), n);
      A2A_ICOUNT_STOP();
    }
    println("bench copy order=", order, " bytes=", n);
    A2A_ICOUNT_FLUSH();
  }
}

/// A backend over a start/complete wire under SwitchFabric, as the runner steps it:
/// every commit() and poll_status() of rounds 1 .. a bracket (round 0 unmeasured). The
/// longest bracket is the longest step while a transfer is in flight; their sum over the
/// rounds, the CPU's work on the wire a round.
template <class Sink>
void measure_steps(const char* backend, const char* order, const LatinSquareSchedule<>& schedule, Sink& sink,
                   WireCount& count) {
  static Clock clock;
  static hal::SwitchFabric<Sink, Clock, kPorts / 2> fabric(sink, clock, {0, 0});
  static_assert(hal::StartingSink<Sink, Round>, "a backend over a start/complete wire");
  const Network net = schedule.network();
  bool ok = fabric.configure(net, false) == Errc::ok;
  std::uint32_t steps = 0;
  for (std::uint32_t r = 0; r < schedule.rounds(); ++r) {
    const auto round = schedule.round(r);
    for (std::uint32_t s = 0; s < net.stages; ++s)
      ok = ok && fabric.set_stage_control(s, ControlMode::stage, round.stage_state(s)) == Errc::ok;
    if (r == 1) count = {};
    const bool measured = r != 0;
    if (measured) A2A_ICOUNT_START();
    ok = ok && fabric.commit() == Errc::ok;
    if (measured) A2A_ICOUNT_STOP();
    for (std::uint32_t k = 0; k < 100'000; ++k) {
      if (measured) A2A_ICOUNT_START();
      const Result<hal::FabricStatus> st = fabric.poll_status(1);
      if (measured) A2A_ICOUNT_STOP();
      steps += measured ? 1U : 0U;
      ok = ok && st.ok();
      if (!st || st->done) break;
    }
  }
  println("bench steps backend=", backend, " order=", order, " N=", net.ports, " rounds=", schedule.rounds() - 1,
          " polls=", steps, " bytes=", count.bytes, " transfers=", count.transfers, " ok=", ok ? 1 : 0);
  A2A_ICOUNT_FLUSH();
}

#ifdef A2A_BENCH_PL022
/// The board's PL022 (QEMU: loopback, no line time), moved by its interrupt. What comes
/// back is what went out, not what the chain held: read-back off (no far end here).
board::BoardChains g_pl022{A2A_BOARD_SPI_CHAIN_BASE};
/// The driver with its transfers counted.
struct CountedPl022 {
  WireCount* count;
  Errc start(std::uint32_t chain, std::span<const std::uint8_t> tx, std::span<std::uint8_t> rx,
             hal::TransferCompletion& done) {
    count->bytes += static_cast<std::uint32_t>(tx.size());
    ++count->transfers;
    return g_pl022.start(chain, tx, rx, done);
  }
  void service() { g_pl022.service(); }
};
#endif

/// Every backend that transfers over a bus, over a start/complete wire.
void measure_started(const char* order, const LatinSquareSchedule<>& schedule, WireCount& count) {
  static Pulse pulse;
#ifdef A2A_BENCH_PL022
  static CountedPl022 counted{&count};
  static spi_chain::ShiftChainSink<CountedPl022, Pulse, kPorts> pl022(counted, pulse, spi_chain::ChainReadback::off);
  measure_steps("spi-chain-pl022-irq", order, schedule, pl022, count);
#endif
  static AsyncChainWire chain_wire{&count};
  static spi_chain::ShiftChainSink<AsyncChainWire, Pulse, kPorts> chains(chain_wire, pulse);
  measure_steps("spi-chain-async", order, schedule, chains, count);
  static StartedWire<ChipSpiWire> chip_spi_started{&g_chip_spi};
  static crosspoint::SpiRegisters<decltype(chip_spi_started)> spi_port(chip_spi_started);
  static crosspoint::CrosspointSink<decltype(spi_port), Pulse, kChipPorts, kPorts> spi_chips(spi_port, pulse);
  measure_steps("crosspoint-spi-async", order, schedule, spi_chips, count);
  static StartedWire<ChipI2cWire> chip_i2c_started{&g_chip_i2c};
  static crosspoint::I2cRegisters<decltype(chip_i2c_started)> i2c_port(chip_i2c_started, 0x20);
  static crosspoint::CrosspointSink<decltype(i2c_port), Pulse, kI2cChipPorts, kPorts> i2c_chips(i2c_port, pulse);
  measure_steps("crosspoint-i2c-async", order, schedule, i2c_chips, count);
  static StartedWire<PartsSpiWire> adn_spi_started{&g_adn_spi_wire};
  static crosspoint::SpiParts<decltype(adn_spi_started)> adn_spi(adn_spi_started);
  static crosspoint::XptUpdateRegister by_register;
  static crosspoint::Adn4604Sink<decltype(adn_spi), crosspoint::XptUpdateRegister, kPorts> adn_spi_sink(adn_spi,
                                                                                                        by_register);
  measure_steps("adn4604-spi-async", order, schedule, adn_spi_sink, count);
  static StartedWire<PartsI2cWire> adn_i2c_started{&g_adn_i2c_wire};
  static crosspoint::I2cParts<decltype(adn_i2c_started), PartsMux, 4> adn_i2c(adn_i2c_started, 0x48,
                                                                              PartsMux{&g_adn_i2c_wire});
  static crosspoint::Adn4604Sink<decltype(adn_i2c), Pulse, kPorts> adn_i2c_sink(adn_i2c, pulse);
  measure_steps("adn4604-i2c-async", order, schedule, adn_i2c_sink, count);
  static StartedWire<PartsI2cWire> vsc_started{&g_vsc_wire};
  static crosspoint::I2cParts<decltype(vsc_started), PartsMux, 4> vsc_i2c(vsc_started, 0x40, PartsMux{&g_vsc_wire});
  static crosspoint::Vsc3316Sink<decltype(vsc_i2c), 16, kPorts> vsc_sink(vsc_i2c);
  measure_steps("vsc3316-async", order, schedule, vsc_sink, count);
}

[[gnu::noinline]] void calibrate() {
  for (int i = 0; i < 4; ++i) {
    A2A_ICOUNT_START();
    A2A_ICOUNT_STOP();
  }
}

}  // namespace

#ifdef A2A_BENCH_PL022
extern "C" void A2A_BOARD_SPI_CHAIN_IRQ_HANDLER(void) { g_pl022.on_interrupt(); }
#endif

int main() {
  calibrate();
  println("bench calibrate");
  A2A_ICOUNT_FLUSH();
  const Network net = make_network(Topology::omega, kPorts).value();
  WireCount& count = g_count;
  Pulse pulse;
  for (const RoundOrder order : {RoundOrder::natural, RoundOrder::gray}) {
    const LatinSquareSchedule<> schedule = LatinSquareSchedule<>::make(net, order).value();
    const char* name = order == RoundOrder::gray ? "gray" : "natural";
    static ChainWire chains{&count};
    static spi_chain::ShiftChainSink<ChainWire, Pulse, kPorts> per_stage(chains, pulse);
    measure("spi-chain", name, schedule, per_stage, count);
    static spi_chain::ShiftChainSink<ChainWire, Pulse, kPorts, spi_chain::ChainLayout::single> single(chains, pulse);
    measure("spi-chain-single", name, schedule, single, count);
    static crosspoint::SpiRegisters<ChipSpiWire> spi_port(g_chip_spi);
    static crosspoint::CrosspointSink<decltype(spi_port), Pulse, kChipPorts, kPorts> spi_chips(spi_port, pulse);
    measure("crosspoint-spi", name, schedule, spi_chips, count);
    static crosspoint::I2cRegisters<ChipI2cWire> i2c_port(g_chip_i2c, 0x20);
    static crosspoint::CrosspointSink<decltype(i2c_port), Pulse, kI2cChipPorts, kPorts> i2c_chips(i2c_port, pulse);
    measure("crosspoint-i2c", name, schedule, i2c_chips, count);
    // GPIO is for small fabrics: omega N = 16, 32 lines.
    static LinesWire lines{&count};
    static gpio::GpioSink<LinesWire, Pulse, 32> gpio_lines(lines, pulse);
    measure("gpio", name, LatinSquareSchedule<>::make(make_network(Topology::omega, 16).value(), order).value(),
            gpio_lines, count);
    // The real parts: the ADN4604 on SPI (XPT_UPDATE) and on I2C (the UPDATE pin), the VSC3316.
    static crosspoint::SpiParts<PartsSpiWire> adn_spi(g_adn_spi_wire);
    static crosspoint::XptUpdateRegister by_register;
    static crosspoint::Adn4604Sink<decltype(adn_spi), crosspoint::XptUpdateRegister, kPorts> adn_spi_sink(adn_spi,
                                                                                                          by_register);
    measure("adn4604-spi", name, schedule, adn_spi_sink, count);
    static crosspoint::I2cParts<PartsI2cWire, PartsMux, 4> adn_i2c(g_adn_i2c_wire, 0x48, PartsMux{&g_adn_i2c_wire});
    static crosspoint::Adn4604Sink<decltype(adn_i2c), Pulse, kPorts> adn_i2c_sink(adn_i2c, pulse);
    measure("adn4604-i2c", name, schedule, adn_i2c_sink, count);
    static crosspoint::I2cParts<PartsI2cWire, PartsMux, 4> vsc_i2c(g_vsc_wire, 0x40, PartsMux{&g_vsc_wire});
    static crosspoint::Vsc3316Sink<decltype(vsc_i2c), 16, kPorts> vsc_sink(vsc_i2c);
    measure("vsc3316", name, schedule, vsc_sink, count);
    static BlockWire block{&count, &g_block};
    static hal::BlockSwitchSink<BlockWire, hal::FabricLayout<kPorts, 8>> block_sink(block);
    measure("a2a-block", name, schedule, block_sink, count);
    frames_against_copy(schedule, name);
    measure_started(name, schedule, count);
  }
  println("bench done");
  return 0;
}
