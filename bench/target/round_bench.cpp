// Instruction counts of the controller's round loop on the target (figures 1
// and 2 of docs/PERFORMANCE.md), measured in QEMU by bench/target/icount_plugin.c.
//
// Every measured piece sits between A2A_ICOUNT_START and A2A_ICOUNT_STOP; each
// group ends with A2A_ICOUNT_FLUSH, after which the plugin prints the group's
// interval count, min, max and total. Before each flush the image prints one
// "bench ..." line naming the group: bench/target/collect.py pairs the two
// streams in order. Nothing here is timed; instruction counts are exact and
// the same on every run.
#include <array>
#include <cstdint>

#include "a2a/a2a.hpp"
#include "a2a/board/console.hpp"
#include "a2a/hal/hal.hpp"
#include "a2a/mmio/mmio_bus.hpp"
#include "icount_markers.h"

namespace {

using namespace a2a;
using board::println;

// The register block the measured code writes: a RAM stand-in for the fabric
// (only the fixed registers, STAGE_CTRL and a few PORT_HEADERs are touched).
using Layout = hal::FabricLayout<kMaxPorts, kMaxStages>;
// Ports of figure 2 (A2A_BENCH_PORTS: 1024 on the MPS2 boards, fewer on the 16 KiB micro:bit).
constexpr std::uint32_t kHeaderWords = A2A_BENCH_PORTS;
alignas(8) std::array<std::uint32_t, Layout::kStageControlBase / 4 + kMaxStages> g_block{};
alignas(8) std::array<std::uint32_t, kHeaderWords> g_headers{};
std::array<LatinSquareSchedule<>::Port, kHeaderWords> g_ports{};  // static: main's stack stays small

// The register encodings a lean controller writes directly, checked against the HAL's.
constexpr std::uint32_t kStageCtrlWord = Layout::kStageControlBase / 4;
constexpr std::uint32_t kControlWord = Layout::kControl / 4;
constexpr std::uint32_t kStatusWord = Layout::kStatus / 4;
// STATUS after a clean round: DONE set, no error bits (the ticket is added per round).
constexpr std::uint32_t kCleanStatus = hal::reg::Status::Done::mask;
constexpr std::uint32_t kCommitBit = 1;
// Register map 2.0: every COMMIT carries the writer's ticket (STATUS echoes it). A
// lean controller keeps the CONTROL word itself as a running count (ticket = bits
// 15:8; the carry into bits 31:16 is ignored by the block): one add per round.
constexpr std::uint32_t commit(std::uint32_t ticket) { return kCommitBit | (ticket & 0xFFU) << 8; }
constexpr std::uint32_t kNextTicket = 1U << 8;
constexpr std::uint32_t stage_ctrl(std::uint32_t mode_bits, std::uint32_t state) { return mode_bits | (state << 8); }
constexpr std::uint32_t port_header(std::uint32_t destination, std::uint32_t tag) { return destination | (tag << 16); }
static_assert(hal::reg::StageControl::State::insert(5, 3) == stage_ctrl(5, 3));
static_assert(hal::reg::Control::Ticket::insert(hal::reg::Control::Commit::insert(0, 1), 0x5A) == commit(0x5A));
static_assert(hal::reg::PortHeader::Tag::insert(hal::reg::PortHeader::Destination::insert(0, 7), 9) ==
              port_header(7, 9));

volatile std::uint32_t* registers() { return g_block.data(); }

/// The empty bracket: the plugin's zero.
[[gnu::noinline]] void calibrate() {
  for (int i = 0; i < 4; ++i) {
    A2A_ICOUNT_START();
    A2A_ICOUNT_STOP();
  }
}

/// Figure 1, lean controller: each round computed from the one before (next),
/// the one stage that changed (changed_stage) gets its STAGE_CTRL word, then
/// COMMIT with the next ticket. Two register stores per round; everything else is computing.
template <class S>
[[gnu::noipa]] void controller_rounds_raw(const S& schedule, volatile std::uint32_t* regs) {
  auto round = schedule.round(0);
  const std::uint32_t mode_bits = hal::mode_code(round.control());
  for (std::uint32_t s = 0; s < schedule.network().stages; ++s)
    regs[kStageCtrlWord + s] = stage_ctrl(mode_bits, round.stage_state(s));
  std::uint32_t control = commit(1);
  regs[kControlWord] = control;
  while (round.index() + 1 < schedule.rounds()) {
    A2A_ICOUNT_START();
    round = schedule.next(round);
    const std::uint32_t stage = round.changed_stage();
    regs[kStageCtrlWord + stage] = stage_ctrl(mode_bits, round.stage_state(stage));
    control += kNextTicket;
    regs[kControlWord] = control;
    A2A_ICOUNT_STOP();
  }
}

/// The same loop measured whole (loop control included), for the per-round average.
template <class S>
[[gnu::noipa]] void controller_loop_raw(const S& schedule, volatile std::uint32_t* regs) {
  auto round = schedule.round(0);
  const std::uint32_t mode_bits = hal::mode_code(round.control());
  std::uint32_t control = commit(1);
  A2A_ICOUNT_START();
  while (round.index() + 1 < schedule.rounds()) {
    round = schedule.next(round);
    const std::uint32_t stage = round.changed_stage();
    regs[kStageCtrlWord + stage] = stage_ctrl(mode_bits, round.stage_state(stage));
    control += kNextTicket;
    regs[kControlWord] = control;
  }
  A2A_ICOUNT_STOP();
}

/// Figure 1, lean controller at the floor: the core's GrayStepper yields the changed
/// stage and its new state (one ctz, a few shifts), STAGE_CTRL and COMMIT are written.
template <std::uint32_t W>
[[gnu::noipa]] void controller_rounds_stepper(GrayStepper<W> stepper, volatile std::uint32_t* regs) {
  const std::uint32_t mode_bits = hal::mode_code(stepper.control());
  std::uint32_t control = commit(1);
  regs[kControlWord] = control;
  while (stepper.more()) {
    A2A_ICOUNT_START();
    const StageStep step = stepper.step();
    regs[kStageCtrlWord + step.stage] = stage_ctrl(mode_bits, step.state);
    control += kNextTicket;
    regs[kControlWord] = control;
    A2A_ICOUNT_STOP();
  }
}

/// The same loop measured whole (loop control included), for the per-round average.
template <std::uint32_t W>
[[gnu::noipa]] void controller_loop_stepper(GrayStepper<W> stepper, volatile std::uint32_t* regs) {
  const std::uint32_t mode_bits = hal::mode_code(stepper.control());
  std::uint32_t control = commit(1);
  A2A_ICOUNT_START();
  while (stepper.more()) {
    const StageStep step = stepper.step();
    regs[kStageCtrlWord + step.stage] = stage_ctrl(mode_bits, step.state);
    control += kNextTicket;
    regs[kControlWord] = control;
  }
  A2A_ICOUNT_STOP();
}

/// Figure 1 through the HAL as a user's round loop calls it: the configured driver's
/// RoundStepper (validated once by stepper(), two stores per step, no checks).
template <class Stepper>
[[gnu::noipa]] void controller_rounds_hal(Stepper stepper) {
  while (stepper.more()) {
    A2A_ICOUNT_START();
    stepper.step();
    A2A_ICOUNT_STOP();
  }
}

/// The same with the confirmation a controller makes of every round: STATUS read
/// until it shows the step's ticket, done and clean (the RAM block's STATUS is set
/// before the loop to what the fabric shows after a clean round, ticket excepted:
/// each round writes its ticket there first, outside the bracket).
template <class Stepper>
[[gnu::noipa]] std::uint32_t controller_rounds_hal_confirmed(Stepper stepper, std::uint32_t ticket,
                                                             volatile std::uint32_t* status) {
  std::uint32_t failures = 0;
  while (stepper.more()) {
    ++ticket;
    *status = kCleanStatus | (ticket & 0xFFU) << hal::reg::Status::Ticket::position;
    A2A_ICOUNT_START();
    stepper.step();
    failures += stepper.wait_round(1) != Errc::ok ? 1U : 0U;
    A2A_ICOUNT_STOP();
  }
  return failures;
}

/// Figure 1 through the HAL's per-write operations (every argument validated, errors counted).
template <class S, class Driver>
[[gnu::noipa]] std::uint32_t controller_rounds_hal_checked(const S& schedule, Driver& fabric) {
  std::uint32_t failures = 0;
  auto round = schedule.round(0);
  for (std::uint32_t s = 0; s < schedule.network().stages; ++s)
    failures += fabric.set_stage_control(s, round.control(), round.stage_state(s)) != Errc::ok ? 1U : 0U;
  failures += fabric.commit() != Errc::ok ? 1U : 0U;
  while (round.index() + 1 < schedule.rounds()) {
    A2A_ICOUNT_START();
    round = schedule.next(round);
    const std::uint32_t stage = round.changed_stage();
    failures += fabric.set_stage_control(stage, round.control(), round.stage_state(stage)) != Errc::ok ? 1U : 0U;
    failures += fabric.commit() != Errc::ok ? 1U : 0U;
    A2A_ICOUNT_STOP();
  }
  return failures;
}

/// Figure 2, stage-controlled Latin square: every port's destination and tag for
/// one round, written as its PORT_HEADER (one store each); ports precomputed once.
/// The plain loop a controller writes; measured whole (call, loop control and the
/// round's masks hoisted before the loop included) and divided by the ports.
template <class S>
[[gnu::noipa]] void write_headers(const typename S::Round round, const typename S::Port* ports, std::uint32_t count,
                                  volatile std::uint32_t* headers) {
  for (std::uint32_t i = 0; i < count; ++i) {
    const PortSend s = ports[i].send(round);
    headers[i] = port_header(s.destination, s.tag);
  }
}

/// One call of write_headers between the markers (the same code for every count).
[[gnu::noipa]] void bracket_headers(const LatinSquareSchedule<>::Round round, std::uint32_t count) {
  A2A_ICOUNT_START();
  write_headers<LatinSquareSchedule<>>(round, g_ports.data(), count, g_headers.data());
  A2A_ICOUNT_STOP();
}

/// Figure 2, alternating (paper 000 Algorithm 4 as written): processor i walks
/// every round with its own O(1) state: header for this round, then advance.
[[gnu::noipa]] void port_rounds_alternating(const AlternatingSchedule schedule, std::uint32_t i, std::uint32_t rounds,
                                            volatile std::uint32_t* header) {
  AlternatingSchedule::Port port = schedule.port(i);
  A2A_ICOUNT_START();
  for (std::uint32_t k = 0; k < rounds; ++k) {
    const PortSend s = port.send();
    *header = port_header(s.destination, s.tag);
    port.advance();
  }
  A2A_ICOUNT_STOP();
}

/// Names the group of intervals just measured; `units` is what a whole-loop total is
/// divided by (rounds or ports).
void flush(const char* what, const Network& net, const char* family, std::uint32_t units) {
  println("bench ", what, " family=", family, " topology=", name(net.topology), " N=", net.ports, " d=", net.radix,
          " n=", net.stages, " units=", units);
  A2A_ICOUNT_FLUSH();
}

template <std::uint32_t W, class S>
[[gnu::noinline]] void stepper_figures(const S& schedule, const char* family) {
  const Network net = schedule.network();
  controller_rounds_stepper(gray_stepper<W>(schedule).value(), registers());
  flush("round", net, family, schedule.rounds() - 1);
  controller_loop_stepper(gray_stepper<W>(schedule).value(), registers());
  flush("loop", net, family, schedule.rounds() - 1);
  mmio::MmioBus bus(reinterpret_cast<std::uintptr_t>(g_block.data()));
  hal::FabricDriver<mmio::MmioBus, Layout> fabric(bus);
  if (fabric.configure(net, false) != Errc::ok) println("error: configure failed");
  const auto stepper = fabric.template stepper<W>(schedule);
  if (!stepper) println("error: the driver refused a stepper");
  controller_rounds_hal(stepper.value());
  flush("round-hal", net, family, schedule.rounds() - 1);
  const std::uint32_t ticket = fabric.ticket();
  if (controller_rounds_hal_confirmed(fabric.template stepper<W>(schedule).value(), ticket,
                                      registers() + kStatusWord) != 0)
    println("error: a confirmed round failed");
  flush("round-hal-confirmed", net, family, schedule.rounds() - 1);
}

/// Figure 1: the stepper (binary for d = 2), and the round-by-round step (next()) with
/// the HAL's per-write operations as the "-next" rows.
template <class S>
[[gnu::noinline]] void controller_figures(const S& schedule, const char* family, const char* next_family) {
  const Network net = schedule.network();
  if (net.radix == 2) {
    stepper_figures<1>(schedule, family);
  } else {
    stepper_figures<0>(schedule, family);
  }
  controller_rounds_raw(schedule, registers());
  flush("round", net, next_family, schedule.rounds() - 1);
  controller_loop_raw(schedule, registers());
  flush("loop", net, next_family, schedule.rounds() - 1);
  mmio::MmioBus bus(reinterpret_cast<std::uintptr_t>(g_block.data()));
  hal::FabricDriver<mmio::MmioBus, Layout> fabric(bus);
  if (fabric.configure(net, false) != Errc::ok) println("error: configure failed");
  if (controller_rounds_hal_checked(schedule, fabric) != 0) println("error: the driver refused a round");
  flush("round-hal", net, next_family, schedule.rounds() - 1);
}

[[gnu::noinline]] void latin(Topology t, std::uint32_t ports, std::uint32_t radix) {
  const Network net = make_network(t, ports, radix).value();
  const auto schedule = LatinSquareSchedule<>::make(net, RoundOrder::gray).value();
  controller_figures(schedule, "latin-square-gray", "latin-square-gray-next");
  const std::uint32_t count = ports < kHeaderWords ? ports : kHeaderWords;
  for (std::uint32_t i = 0; i < count; ++i) g_ports[i] = schedule.port(ports - 1 - i);
  const auto round = schedule.round(schedule.rounds() / 2 + 1);
  bracket_headers(round, count);
  flush("ports", net, "latin-square-gray", count);
  bracket_headers(round, count / 2);  // half the ports: the difference is the loop alone, per port
  flush("ports-half", net, "latin-square-gray", count / 2);
}

[[gnu::noinline]] void alternating(std::uint32_t ports) {
  const Network net = make_network(Topology::gsen, ports).value();
  const auto schedule = AlternatingSchedule::make(net).value();
  controller_figures(schedule, "alternating", "alternating-next");
  for (std::uint32_t i : {ports / 2, ports / 2 + 1}) {  // an even and an odd processor
    const char* family = i % 2 == 0 ? "alternating-even-port" : "alternating-odd-port";
    port_rounds_alternating(schedule, i, schedule.rounds(), g_headers.data());
    flush("port-rounds", net, family, schedule.rounds());
    port_rounds_alternating(schedule, i, schedule.rounds() / 2, g_headers.data());
    flush("port-rounds-half", net, family, schedule.rounds() / 2);
  }
}

/// Stack used by run(): the stack below this frame is painted, run() is called,
/// and the deepest word it changed gives the depth (callees and cold paths included).
template <class F>
[[gnu::noipa]] std::uint32_t measure_stack(F run) {
  constexpr std::uint32_t kPattern = 0xA5A5'5A5AU;
  constexpr std::uint32_t kWords = 512;  // 2 KiB: far more than any round loop may use
  std::uint32_t sp = 0;
  __asm__ volatile("mov %0, sp" : "=r"(sp));
  volatile std::uint32_t* const bottom = reinterpret_cast<volatile std::uint32_t*>(sp - 4 * kWords);
  for (std::uint32_t i = 0; i < kWords; ++i) bottom[i] = kPattern;
  run();
  std::uint32_t untouched = 0;
  while (untouched < kWords && bottom[untouched] == kPattern) ++untouched;
  return 4 * (kWords - untouched);
}

void stack_figure(const char* what, std::uint32_t bytes) { println("stack ", what, " ", bytes); }

/// The stack a Latin-square controller loop needs (one function per schedule, so
/// each has a small frame of its own).
[[gnu::noinline]] void latin_loop_stack(const char* what, Topology t, std::uint32_t ports, std::uint32_t radix,
                                        RoundOrder order) {
  const auto schedule = LatinSquareSchedule<>::make(make_network(t, ports, radix).value(), order).value();
  stack_figure(what, measure_stack([&] { controller_loop_raw(schedule, registers()); }));
}

/// Figure 3: stack of the round loops, the O(1) step and the paths that fall back
/// to round(r) (natural order, d not a power of two).
[[gnu::noinline]] void stack_figures() {
  latin_loop_stack("latin-square-gray-loop", Topology::banyan, 1024, 2, RoundOrder::gray);
  latin_loop_stack("latin-square-natural-loop", Topology::banyan, 1024, 2, RoundOrder::natural);
  latin_loop_stack("latin-square-d3-loop", Topology::banyan, 729, 3, RoundOrder::gray);
  const Network banyan = make_network(Topology::banyan, 1024, 2).value();
  const auto gray = LatinSquareSchedule<>::make(banyan, RoundOrder::gray).value();
  const auto round = gray.round(7);
  for (std::uint32_t i = 0; i < 16; ++i) g_ports[i] = gray.port(i);
  stack_figure("latin-square-port-loop", measure_stack([&] {
                 write_headers<LatinSquareSchedule<>>(round, g_ports.data(), 16, g_headers.data());
               }));
  const auto alt = AlternatingSchedule::make(make_network(Topology::gsen, 1026).value()).value();
  stack_figure("alternating-loop", measure_stack([&] { controller_loop_raw(alt, registers()); }));
  stack_figure("alternating-port-loop",
               measure_stack([&] { port_rounds_alternating(alt, 3, alt.rounds(), g_headers.data()); }));
}

[[gnu::noinline]] void size_figures() {
  println("size LatinSquareSchedule<> ", sizeof(LatinSquareSchedule<>));
  println("size LatinSquareSchedule<>::Round ", sizeof(LatinSquareSchedule<>::Round));
  println("size LatinSquareSchedule<>::Port ", sizeof(LatinSquareSchedule<>::Port));
  println("size AlternatingSchedule ", sizeof(AlternatingSchedule));
  println("size AlternatingSchedule::Round ", sizeof(AlternatingSchedule::Round));
  println("size AlternatingSchedule::Port ", sizeof(AlternatingSchedule::Port));
}

}  // namespace

int main() {
  calibrate();
  println("bench calibrate family=none topology=none N=0 d=0 n=0 units=4");
  A2A_ICOUNT_FLUSH();
  for (std::uint32_t n : {16U, 1024U, 65536U}) latin(Topology::omega, n, 2);
  for (Topology t : {Topology::baseline, Topology::banyan, Topology::reverse_omega, Topology::reverse_baseline,
                     Topology::reverse_banyan})
    latin(t, 1024, 2);
  for (std::uint32_t n : {16U, 1024U, 65536U}) latin(Topology::omega, n, 4);
  for (std::uint32_t n : {16U, 4096U, 65536U}) latin(Topology::omega, n, 16);
  latin(Topology::banyan, 4096, 8);
  for (std::uint32_t n : {18U, 1026U, 65534U}) alternating(n);
  size_figures();
  stack_figures();  // runs measured loops again: their intervals form one group to ignore
  println("bench stack-runs family=none topology=none N=0 d=0 n=0 units=1");
  A2A_ICOUNT_FLUSH();
  println("bench done");
  return 0;
}
