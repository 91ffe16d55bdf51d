// The wire to register-addressed crosspoint parts (the ADN4604, the VSC3316): a burst
// of registers written from one address on, or read, of part n. Two adapters over the
// transport facades (a2a/hal/transport.hpp), or their start/complete form
// (a2a/hal/transfer.hpp):
//  - SpiParts: a chip select per part (write_read(part, tx, rx), as spi_chain's
//    ChainSpi; or start(part, tx, rx, done)), registers of 8 bits: a write is
//    [00, register, byte, byte, ...], a read [80, register, 00, ...] with the bytes back
//    after the second (the instruction byte's bit 7 is read; docs/switch-backends.md
//    says what of it is confirmed);
//  - I2cParts: part n at 7-bit address base + n % PerGroup behind group n / PerGroup of
//    an I2C multiplexer (a part's address pins give it a few addresses: more parts on
//    one bus need a mux; the mux switched only when the group changes: Mux::select(group)
//    at once, as a mux on GPIO lines, or Mux::start_select(group, done), a mux on the
//    bus): a write {register, byte, ...}, a read {register} then the bytes (the parts'
//    address auto-increment).
// Every transfer returns an Errc: a NACK, a timeout. Over a blocking transport the bus
// is a PartBus (write, read); over a start/complete one an AsyncPartBus (start_write,
// start_read, then progress() once a step until the burst has ended, received() for
// what a read brought): the sinks' rounds run over either (part_round.hpp).
#pragma once

#include <array>
#include <concepts>
#include <cstdint>
#include <span>

#include "a2a/hal/transfer.hpp"
#include "a2a/hal/transport.hpp"
#include "a2a/status.hpp"

namespace a2a::crosspoint {

/// The longest burst a part takes (a connection map is 8 bytes), its instruction and
/// register bytes besides.
inline constexpr std::size_t kMaxBurst = 14;
inline constexpr std::uint8_t kSpiRead = 0x80;  ///< SpiParts' instruction byte of a read

/// Register bursts to part n: write(part, reg, bytes) and read(part, reg, out).
template <class T>
concept PartBus = requires(T& t, std::uint32_t part, std::uint8_t reg, std::span<const std::uint8_t> tx,
                           std::span<std::uint8_t> rx) {
  { t.write(part, reg, tx) } -> std::same_as<Errc>;
  { t.read(part, reg, rx) } -> std::same_as<Errc>;
};

/// The same started: start_write(part, reg, bytes), start_read(part, reg, n) begin a
/// burst (an Errc: it could not start); progress() looks at it once (false while it
/// runs, true once it ended well, else its error); received() holds a read's n bytes.
template <class T>
concept AsyncPartBus = requires(T& t, std::uint32_t part, std::uint8_t reg, std::span<const std::uint8_t> tx,
                                std::size_t n) {
  { t.start_write(part, reg, tx) } -> std::same_as<Errc>;
  { t.start_read(part, reg, n) } -> std::same_as<Errc>;
  { t.progress() } -> std::same_as<Result<bool>>;
  { t.received() } -> std::same_as<std::span<const std::uint8_t>>;
};

/// A multiplexer on the bus itself: start_select(group, done) writes it (a TCA9548A's
/// channel byte), its end reported on `done`.
template <class T>
concept StartingMux = requires(T& t, std::uint32_t group, hal::TransferCompletion& done) {
  { t.start_select(group, done) } -> std::same_as<Errc>;
};

/// Looks a started burst gets, where a call runs it to its end, before bus_timeout.
inline constexpr std::uint32_t kMaxBurstLooks = 1'000'000;

namespace detail {
/// One look at a started transfer: false while it runs (the driver serviced once).
template <class Driver>
Result<bool> look(Driver& driver, const hal::TransferCompletion& done) {
  if (done.pending()) {
    hal::service(driver);
    if (done.pending()) return false;
  }
  if (const Errc e = done.result(); e != Errc::ok) return e;
  return true;
}

/// A burst started (its Errc) run to its end: at most kMaxBurstLooks looks.
template <AsyncPartBus Bus>
Errc to_end(Bus& bus, Errc started) {
  A2A_TRY(started);
  return hal::look_until_done([&] { return bus.progress(); }, kMaxBurstLooks);
}
}  // namespace detail

/// One register of part n written, the transfer ended when it returns (configure's:
/// a start/complete bus is run to the end, bounded).
template <class Bus>
Errc write_one(Bus& bus, std::uint32_t part, std::uint8_t reg, std::uint8_t value) {
  const std::array<std::uint8_t, 1> byte{value};
  if constexpr (AsyncPartBus<Bus>)
    return detail::to_end(bus, bus.start_write(part, reg, byte));
  else
    return bus.write(part, reg, byte);
}
/// Registers of part n read from `reg` on into `out`, the same way.
template <class Bus>
Errc read_burst(Bus& bus, std::uint32_t part, std::uint8_t reg, std::span<std::uint8_t> out) {
  if constexpr (AsyncPartBus<Bus>) {
    A2A_TRY(detail::to_end(bus, bus.start_read(part, reg, out.size())));
    const std::span<const std::uint8_t> got = bus.received();
    for (std::size_t i = 0; i < out.size() && i < got.size(); ++i) out[i] = got[i];
    return Errc::ok;
  } else {
    return bus.read(part, reg, out);
  }
}

/// SPI, a chip select per part: `Spi::write_read(part, tx, rx)`, or a start/complete
/// `Spi::start(part, tx, rx, done)` (hal::AsyncSpiBus: an AsyncPartBus then).
template <class Spi>
class SpiParts {
 public:
  static constexpr bool kAsync = hal::AsyncSpiBus<Spi>;
  explicit SpiParts(Spi& spi) : spi_(&spi) {}

  Errc write(std::uint32_t part, std::uint8_t reg, std::span<const std::uint8_t> bytes) requires(!kAsync) {
    const std::size_t n = frame(0x00, reg, bytes, bytes.size());
    if (n == 0) return Errc::fabric_capacity_exceeded;  // longer than any part's burst
    return spi_->write_read(part, std::span<const std::uint8_t>(tx_).first(n), std::span(rx_).first(n));
  }
  Errc read(std::uint32_t part, std::uint8_t reg, std::span<std::uint8_t> out) requires(!kAsync) {
    const std::size_t n = frame(kSpiRead, reg, {}, out.size());
    if (n == 0) return Errc::fabric_capacity_exceeded;  // longer than any part's burst
    A2A_TRY(spi_->write_read(part, std::span<const std::uint8_t>(tx_).first(n), std::span(rx_).first(n)));
    for (std::size_t i = 0; i < out.size(); ++i) out[i] = rx_[i + 2];
    return Errc::ok;
  }

  Errc start_write(std::uint32_t part, std::uint8_t reg, std::span<const std::uint8_t> bytes) requires(kAsync) {
    return start(part, frame(0x00, reg, bytes, bytes.size()));
  }
  Errc start_read(std::uint32_t part, std::uint8_t reg, std::size_t n) requires(kAsync) {
    return start(part, frame(kSpiRead, reg, {}, n));
  }
  Result<bool> progress() requires(kAsync) { return detail::look(*spi_, done_); }
  [[nodiscard]] std::span<const std::uint8_t> received() const {
    return std::span<const std::uint8_t>(rx_).subspan(2, length_ - 2);
  }

 private:
  /// tx_ framed: [instruction, register, bytes or 00s]; its length (0: over a burst).
  std::size_t frame(std::uint8_t instruction, std::uint8_t reg, std::span<const std::uint8_t> bytes, std::size_t n) {
    if (n > kMaxBurst) return 0;
    tx_.fill(0);
    tx_[0] = instruction;
    tx_[1] = reg;
    for (std::size_t i = 0; i < bytes.size(); ++i) tx_[i + 2] = bytes[i];
    length_ = n + 2;
    return length_;
  }
  Errc start(std::uint32_t part, std::size_t n) {
    if (n == 0) return Errc::fabric_capacity_exceeded;  // longer than any part's burst
    done_.begin();
    const Errc e = spi_->start(part, std::span<const std::uint8_t>(tx_).first(n), std::span(rx_).first(n), done_);
    if (e != Errc::ok) done_.complete(e);
    return e;
  }
  Spi* spi_;
  std::array<std::uint8_t, kMaxBurst + 2> tx_{};  // the transfer under way's (a started one reads them)
  std::array<std::uint8_t, kMaxBurst + 2> rx_{};
  std::size_t length_{2};
  hal::TransferCompletion done_{};
};

/// No multiplexer: every part on the bus itself (group 0 only).
struct NoMux {
  static Errc select(std::uint32_t group) { return group == 0 ? Errc::ok : Errc::fabric_capacity_exceeded; }
};

/// I2C: part n at base + n % PerGroup behind mux group n / PerGroup; over hal::I2cBus,
/// or a start/complete hal::AsyncI2cBus (an AsyncPartBus then; its Mux may be a
/// StartingMux, its select a transfer of its own before the burst).
template <class I2c, class Mux = NoMux, std::uint32_t PerGroup = 4>
requires(hal::I2cBus<I2c> || hal::AsyncI2cBus<I2c>) class I2cParts {
  static_assert(PerGroup >= 1 && PerGroup <= 112, "a group's parts have 7-bit addresses");
  static constexpr bool kStartingMux = StartingMux<Mux>;

 public:
  static constexpr bool kAsync = hal::AsyncI2cBus<I2c>;
  static_assert(kAsync || !kStartingMux, "a mux selected by a started transfer needs a start/complete I2C");
  I2cParts(I2c& i2c, std::uint8_t base, Mux mux = {}) : i2c_(&i2c), mux_(mux), base_(base) {}

  Errc write(std::uint32_t part, std::uint8_t reg, std::span<const std::uint8_t> bytes) requires(!kAsync) {
    A2A_TRY(frame(part, reg, bytes, 0));
    A2A_TRY(reach(part));
    return i2c_->write(address(part), std::span<const std::uint8_t>(tx_).first(bytes.size() + 1));
  }
  Errc read(std::uint32_t part, std::uint8_t reg, std::span<std::uint8_t> out) requires(!kAsync) {
    A2A_TRY(frame(part, reg, {}, out.size()));
    A2A_TRY(reach(part));
    return i2c_->write_read(address(part), std::span<const std::uint8_t>(tx_).first(1), out);
  }

  Errc start_write(std::uint32_t part, std::uint8_t reg, std::span<const std::uint8_t> bytes) requires(kAsync) {
    A2A_TRY(frame(part, reg, bytes, 0));
    return start(part, bytes.size() + 1);
  }
  Errc start_read(std::uint32_t part, std::uint8_t reg, std::size_t n) requires(kAsync) {
    A2A_TRY(frame(part, reg, {}, n));
    return start(part, 1);
  }
  /// One look: a mux select that has ended starts the burst behind it.
  Result<bool> progress() requires(kAsync) {
    const Result<bool> ended = detail::look(*i2c_, done_);
    if (!ended || !*ended || !selecting_) return ended;
    selecting_ = false;
    group_ = part_ / PerGroup;
    A2A_TRY(start_burst());
    return false;
  }
  [[nodiscard]] std::span<const std::uint8_t> received() const {
    return std::span<const std::uint8_t>(rx_).first(read_);
  }
  /// The 7-bit address of part n (on its group).
  [[nodiscard]] std::uint8_t address(std::uint32_t part) const {
    return static_cast<std::uint8_t>(base_ + part % PerGroup);
  }

 private:
  /// tx_ framed: {register, bytes}; `read` bytes to come back. Bad input refused.
  Errc frame(std::uint32_t part, std::uint8_t reg, std::span<const std::uint8_t> bytes, std::size_t read) {
    if (bytes.size() > kMaxBurst || read > kMaxBurst) return Errc::fabric_capacity_exceeded;  // over any burst
    if (std::uint32_t{base_} + PerGroup - 1 > 0x7FU) return Errc::fabric_capacity_exceeded;
    tx_[0] = reg;
    for (std::size_t i = 0; i < bytes.size(); ++i) tx_[i + 1] = bytes[i];
    part_ = part;
    read_ = read;
    return Errc::ok;
  }
  /// The blocking mux select, when part n is behind another group.
  Errc reach(std::uint32_t part) {
    const std::uint32_t group = part / PerGroup;
    if (group == group_) return Errc::ok;
    group_ = ~0U;  // unknown until the select has ended well
    A2A_TRY(mux_.select(group));
    group_ = group;
    return Errc::ok;
  }
  /// The burst of `written` bytes started, a started mux select first when its group changes.
  Errc start(std::uint32_t part, std::size_t written) {
    written_ = written;
    selecting_ = false;
    done_.begin();
    if constexpr (kStartingMux) {
      if (part / PerGroup != group_) {
        group_ = ~0U;
        selecting_ = true;
        const Errc e = mux_.start_select(part / PerGroup, done_);
        if (e != Errc::ok) done_.complete(e);
        return e;
      }
    } else {
      if (const Errc e = reach(part); e != Errc::ok) {
        done_.complete(e);
        return e;
      }
    }
    return start_burst();
  }
  Errc start_burst() {
    done_.begin();
    const auto tx = std::span<const std::uint8_t>(tx_).first(written_);
    const Errc e = read_ == 0 ? i2c_->start_write(address(part_), tx, done_)
                              : i2c_->start_write_read(address(part_), tx, std::span(rx_).first(read_), done_);
    if (e != Errc::ok) done_.complete(e);
    return e;
  }
  I2c* i2c_;
  Mux mux_;
  std::uint8_t base_;
  std::uint32_t group_{~0U};                      // the mux's group: unknown until the first select
  std::array<std::uint8_t, kMaxBurst + 1> tx_{};  // the transfer under way's (a started one reads them)
  std::array<std::uint8_t, kMaxBurst> rx_{};
  std::uint32_t part_{0};
  std::size_t written_{0};
  std::size_t read_{0};
  bool selecting_{false};
  hal::TransferCompletion done_{};
};

}  // namespace a2a::crosspoint
