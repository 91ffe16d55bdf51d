// The fabric a Device drives: the a2a register block over the board's bus (the
// default), or any hal::FabricController the product hands it (its own driver of
// SPI chains, crosspoint chips, latches). What the device can do with it follows
// from what it offers (hal/fabric_capabilities.hpp): delivery counters verify a run
// (hal::DeliveryCounters), fault injection (hal::FaultInjection) arms `inject`, the
// a2a block's slot ring runs look-ahead mode. Without counters a run is verified by
// the product's acknowledgements (AcknowledgementHook) or is reported as unverified.
#pragma once
// IWYU pragma: private, include "a2a/app/device.hpp"
// (the fabric access of Device: device.hpp includes this before it declares the class.)

#include <cstdint>
#include <type_traits>
#include <utility>

#include "a2a/app/acknowledgements.hpp"
#include "a2a/app/counting_bus.hpp"
#include "a2a/hal/fabric_capabilities.hpp"
#include "a2a/hal/fabric_controller.hpp"
#include "a2a/hal/fabric_driver.hpp"
#include "a2a/hal/split_fabric.hpp"
#include "a2a/hal/switch_fabric.hpp"

namespace a2a::app {

/// Device's default fabric: the a2a register block, reached through the board's bus()
/// by a2a's own driver (the device makes it; register map 2.x).
struct A2aBlock {};

/// A board that reaches the a2a block: the bus to its registers.
template <class B>
concept BlockBoard = requires(B& b) {
  requires hal::RegisterBus<std::remove_reference_t<decltype(b.bus())>>;
};

/// A board with the a2a block and a second path to the switch elements (its SPI chain:
/// switch_path(), a hal::SwitchFabric): `fabric=spi-chain` sets the switches there, the
/// block stays the endpoints and counters (hal::SplitFabric).
template <class B>
concept SwitchPathBoard = BlockBoard<B> && requires(B& b, hal::SwitchTiming t) {
  b.switch_path().set_timing(t);
};

/// What an emulated switch wire can be made to do once (`inject CHAIN:ELEMENT [ROUND] readback|timeout`).
enum class WireInjection : std::uint8_t {
  readback,  ///< the chain's element comes back flipped (bus_readback_mismatch)
  timeout,   ///< the chain's transfer does not complete (bus_timeout)
};

/// A board whose emulated switch wire can be made to fail: inject_wire_fault(kind, chain,
/// element, latches) from the first round at least `latches` latches from now in which
/// chain `chain` is shifted (its shifts of that round); clear_wire_faults() disarms it;
/// wire_fault_pending(): armed and not fired yet (the device reports it at the
/// exchange's end, then disarms it: an injection is for the next exchange).
template <class B>
concept WireInjectingBoard = requires(B& b, std::uint32_t u, WireInjection kind) {
  { b.inject_wire_fault(kind, u, u, u) } -> std::same_as<Errc>;
  b.clear_wire_faults();
  { b.wire_fault_pending() } -> std::same_as<bool>;
};

namespace detail {

/// Switch hardware the controller latches (hal::SwitchFabric): it waits the settle and
/// guard times of the configuration (settle_us, guard_us) as deadlines.
template <class F>
concept TimedFabric = requires(F& f, hal::SwitchTiming timing) {
  f.set_timing(timing);
};
/// A fabric that says whether it is there and what it is (the a2a block's ID).
template <class F>
concept ProbedFabric = requires(F& f) {
  { f.probe() } -> std::same_as<Errc>;
};

/// The a2a block: the device's own driver over the board's bus, whose writes it counts.
template <class Board, std::uint32_t MaxPorts>
struct BlockDriverOf {
  using Layout = hal::FabricLayout<MaxPorts, kMaxStages>;
  using Bus = CountingBus<std::remove_reference_t<decltype(std::declval<Board&>().bus())>>;
  using type = hal::FabricDriver<Bus, Layout>;
  static type make(Bus& bus, Board&) { return type(bus); }
};
template <SwitchPathBoard Board, std::uint32_t MaxPorts>
struct BlockDriverOf<Board, MaxPorts> {
  using Layout = hal::FabricLayout<MaxPorts, kMaxStages>;
  using Bus = CountingBus<std::remove_reference_t<decltype(std::declval<Board&>().bus())>>;
  using Switches = std::remove_reference_t<decltype(std::declval<Board&>().switch_path())>;
  using type = hal::SplitFabric<hal::FabricDriver<Bus, Layout>, Switches>;
  static type make(Bus& bus, Board& board) { return type(bus, board.switch_path()); }
};

template <class Board, std::uint32_t MaxPorts>
class OwnedBlock {
 public:
  using Layout = hal::FabricLayout<MaxPorts, kMaxStages>;
  using Bus = CountingBus<std::remove_reference_t<decltype(std::declval<Board&>().bus())>>;
  /// The block's driver; with the board's switch path, both (hal::SplitFabric).
  using Driver = typename BlockDriverOf<Board, MaxPorts>::type;
  static constexpr bool kBlock = true;

  explicit OwnedBlock(Board& board) : bus_(board.bus()), driver_(BlockDriverOf<Board, MaxPorts>::make(bus_, board)) {}
  OwnedBlock(const OwnedBlock&) = delete;  // driver_ points at bus_
  OwnedBlock& operator=(const OwnedBlock&) = delete;
  OwnedBlock(OwnedBlock&&) = delete;
  OwnedBlock& operator=(OwnedBlock&&) = delete;
  ~OwnedBlock() = default;

  Driver& driver() { return driver_; }
  Bus& bus() { return bus_; }
  [[nodiscard]] std::uint64_t writes() const { return bus_.writes(); }
  static constexpr bool kCountsWrites = true;

 private:
  Bus bus_;
  Driver driver_;
};

/// The product's driver: the device drives the one it was given.
template <hal::FabricController Fabric>
class GivenFabric {
 public:
  using Driver = Fabric;
  static constexpr bool kBlock = false;

  explicit GivenFabric(Fabric& fabric) : driver_(&fabric) {}
  Driver& driver() { return *driver_; }
  /// Its bus writes, when the driver counts them (a `writes()` member); else 0.
  [[nodiscard]] std::uint64_t writes() const {
    if constexpr (kCountsWrites)
      return driver_->writes();
    else
      return 0;
  }
  static constexpr bool kCountsWrites = requires(const Fabric& f) {
    { f.writes() } -> std::convertible_to<std::uint64_t>;
  };

 private:
  Fabric* driver_;
};

template <class Board, std::uint32_t MaxPorts, class Fabric>
struct FabricAccessOf {
  using type = GivenFabric<Fabric>;
};
template <class Board, std::uint32_t MaxPorts>
struct FabricAccessOf<Board, MaxPorts, A2aBlock> {
  using type = OwnedBlock<Board, MaxPorts>;
};

}  // namespace detail
}  // namespace a2a::app
