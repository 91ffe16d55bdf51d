// Transfers that do not hold the caller's step: the start/complete form of the
// transport facades (transport.hpp), as board teams drive SPI and I2C (DMA or a FIFO
// interrupt with a completion callback: CMSIS-Driver Transfer + SignalEvent, Zephyr's
// spi_transceive_cb, a FreeRTOS task notification).
//
//   start(target, tx, rx, done)   begins the transfer and returns at once: ok (it runs;
//                                 its end is reported on `done`), or why it could not
//                                 start (busy, a bad length)
//   done.complete(result)         the product's interrupt or DMA callback reports the
//                                 end: ok, bus_nack, bus_timeout, ...
//   service()                     optional: a driver without an interrupt (FIFO flags
//                                 read once a step) advances the transfer one bounded
//                                 piece a call; the sink calls it once per step
//
// I2C has the same form (AsyncI2cBus: start_write, start_write_read). A sink that starts
// transfers (spi_chain's ShiftChainSink, the crosspoint parts' sinks over an async part
// bus) looks at `done` once a step and returns while it is pending. The blocking facades
// stay: an adapter (BlockingTransfer for SPI, BlockingI2c) runs a start/complete driver
// to its end, its service() calls bounded (bus_timeout past them).
#pragma once

#include <atomic>
#include <concepts>
#include <cstdint>
#include <span>

#include "a2a/status.hpp"

namespace a2a::hal {

/// A transfer's end, reported from an interrupt: begin() arms it (the controller's
/// side), complete(result) ends it (the interrupt's side, once), pending() and result()
/// read it. Lock-free single-byte atomics: safe between an interrupt and thread mode on
/// every Cortex-M.
class TransferCompletion {
 public:
  void begin() {
    result_.store(static_cast<std::uint8_t>(Errc::ok), std::memory_order_relaxed);
    pending_.store(true, std::memory_order_release);
  }
  /// From the product's interrupt or callback: the transfer ended with `result`.
  void complete(Errc result) {
    result_.store(static_cast<std::uint8_t>(result), std::memory_order_relaxed);
    pending_.store(false, std::memory_order_release);
  }
  [[nodiscard]] bool pending() const { return pending_.load(std::memory_order_acquire); }
  /// The transfer's result once it is not pending.
  [[nodiscard]] Errc result() const { return static_cast<Errc>(result_.load(std::memory_order_relaxed)); }

 private:
  std::atomic<bool> pending_{false};
  std::atomic<std::uint8_t> result_{static_cast<std::uint8_t>(Errc::ok)};
  static_assert(sizeof(Errc) == 1, "an Errc fits the byte the interrupt stores");
};

/// An SPI controller that starts a transfer on chip select `target` and reports its end
/// on `done` (rx, when not empty, as long as tx, filled by the time it completes).
template <class T>
concept AsyncSpiBus = requires(T& t, std::uint32_t target, std::span<const std::uint8_t> tx, std::span<std::uint8_t> rx,
                               TransferCompletion& done) {
  { t.start(target, tx, rx, done) } -> std::same_as<Errc>;
};

/// An I2C controller that starts a write, or a write then a repeated-start read, to a
/// 7-bit address and reports its end on `done` (bus_nack when the address or a byte was
/// not acknowledged, bus_timeout when the bus hung; rx filled by the time it completes).
template <class T>
concept AsyncI2cBus = requires(T& t, std::uint8_t address, std::span<const std::uint8_t> tx, std::span<std::uint8_t> rx,
                               TransferCompletion& done) {
  { t.start_write(address, tx, done) } -> std::same_as<Errc>;
  { t.start_write_read(address, tx, rx, done) } -> std::same_as<Errc>;
};

/// A start/complete driver without an interrupt: service() advances the transfer under
/// way one bounded piece (a FIFO's worth), called once per step by whoever started it.
template <class T>
concept ServicedTransfer = requires(T& t) {
  t.service();
};

/// Calls `driver.service()` where it has one (a driver with an interrupt needs none).
template <class Driver>
constexpr void service(Driver& driver) {
  if constexpr (ServicedTransfer<Driver>) driver.service();
}

/// Looks `look()` (a Result<bool>: false while under way, true once done, or an error)
/// until done, at most `looks` of them (else bus_timeout): where a caller runs started
/// transfers to their end in one call.
template <class Look>
Errc look_until_done(Look&& look, std::uint32_t looks) {
  for (std::uint32_t k = 0; k < looks; ++k) {
    const Result<bool> done = look();
    if (!done) return done.error();
    if (*done) return Errc::ok;
  }
  return Errc::bus_timeout;
}

namespace detail {
/// A transfer `started` (its Errc) run to its end on `done`: at most `looks` looks, each
/// a service() call, else bus_timeout.
template <class Async>
Errc finish(Async& async, TransferCompletion& done, Errc started, std::uint32_t looks) {
  if (started != Errc::ok) {
    done.complete(started);
    return started;
  }
  for (std::uint32_t k = 0; k < looks; ++k) {
    if (!done.pending()) return done.result();
    service(async);
  }
  return done.pending() ? Errc::bus_timeout : done.result();
}
}  // namespace detail

/// The blocking form over a start/complete SPI (write_read(target, tx, rx)), for code
/// that wants a transfer done when the call returns: at most MaxServices looks at the
/// completion (each a service() call), else bus_timeout.
template <AsyncSpiBus Async, std::uint32_t MaxServices = 1'000'000>
class BlockingTransfer {
 public:
  explicit BlockingTransfer(Async& async) : async_(&async) {}
  Errc write_read(std::uint32_t target, std::span<const std::uint8_t> tx, std::span<std::uint8_t> rx) {
    done_.begin();
    return detail::finish(*async_, done_, async_->start(target, tx, rx, done_), MaxServices);
  }

 private:
  Async* async_;
  TransferCompletion done_{};
};

/// The same over a start/complete I2C: hal::I2cBus's write and write_read.
template <AsyncI2cBus Async, std::uint32_t MaxServices = 1'000'000>
class BlockingI2c {
 public:
  explicit BlockingI2c(Async& async) : async_(&async) {}
  Errc write(std::uint8_t address, std::span<const std::uint8_t> tx) {
    done_.begin();
    return detail::finish(*async_, done_, async_->start_write(address, tx, done_), MaxServices);
  }
  Errc write_read(std::uint8_t address, std::span<const std::uint8_t> tx, std::span<std::uint8_t> rx) {
    done_.begin();
    return detail::finish(*async_, done_, async_->start_write_read(address, tx, rx, done_), MaxServices);
  }

 private:
  Async* async_;
  TransferCompletion done_{};
};

}  // namespace a2a::hal
