// The start/complete transport form (transfer.hpp): a completion reported by an
// "interrupt", the concepts a driver satisfies or not, and the blocking adapter over a
// driver that takes a few service() calls (and its bound, for one that never ends).
#include <a2a/hal/transfer.hpp>
#include <a2a/hal/transport.hpp>

#include "a2a_test.hpp"

#include <array>
#include <cstdint>
#include <span>

using namespace a2a;

namespace {

/// A driver whose transfer ends after `looks` service() calls, copying tx to rx.
struct SlowSpi {
  std::uint32_t looks{3};
  std::uint32_t left{0};
  hal::TransferCompletion* done{nullptr};
  std::span<const std::uint8_t> tx{};
  std::span<std::uint8_t> rx{};
  Errc start(std::uint32_t, std::span<const std::uint8_t> t, std::span<std::uint8_t> r, hal::TransferCompletion& d) {
    if (left != 0) return Errc::bus_timeout;
    tx = t;
    rx = r;
    done = &d;
    left = looks == 0 ? 1 : looks;
    return Errc::ok;
  }
  void service() {
    if (left == 0 || looks == 0) return;  // looks 0: never ends
    if (--left != 0) return;
    for (std::size_t i = 0; i < tx.size() && i < rx.size(); ++i) rx[i] = tx[i];
    done->complete(Errc::ok);
  }
};
struct InterruptSpi {  // ends in its interrupt: no service()
  Errc start(std::uint32_t, std::span<const std::uint8_t>, std::span<std::uint8_t>, hal::TransferCompletion&) {
    return Errc::ok;
  }
};
struct BlockingSpi {  // the blocking facade only
  Errc write_read(std::uint32_t, std::span<const std::uint8_t>, std::span<std::uint8_t>) { return Errc::ok; }
};
static_assert(hal::AsyncSpiBus<SlowSpi> && hal::ServicedTransfer<SlowSpi>);
static_assert(hal::AsyncSpiBus<InterruptSpi> && !hal::ServicedTransfer<InterruptSpi>);
static_assert(!hal::AsyncSpiBus<BlockingSpi>);

}  // namespace

TEST_CASE("transfer: a completion armed, then ended by the interrupt with its result") {
  hal::TransferCompletion done;
  CHECK_FALSE(done.pending());
  done.begin();
  CHECK(done.pending());
  done.complete(Errc::bus_nack);
  CHECK_FALSE(done.pending());
  CHECK(done.result() == Errc::bus_nack);
  done.begin();
  CHECK(done.result() == Errc::ok);  // armed again: the last result cleared
}

TEST_CASE("transfer: the blocking adapter runs a start/complete driver to its end, bounded") {
  SlowSpi spi;
  hal::BlockingTransfer<SlowSpi> blocking(spi);
  const std::array<std::uint8_t, 2> tx{0x12, 0x34};
  std::array<std::uint8_t, 2> rx{};
  CHECK(blocking.write_read(0, tx, rx) == Errc::ok);
  CHECK(rx == tx);
  rx = {};
  CHECK(blocking.write_read(1, tx, rx) == Errc::ok);  // and again: one transfer after another
  CHECK(rx == tx);
  SlowSpi stuck;
  stuck.looks = 0;  // a transfer that never ends
  hal::BlockingTransfer<SlowSpi, 100> bounded(stuck);
  CHECK(bounded.write_read(0, tx, rx) == Errc::bus_timeout);
}

namespace {
/// An I2C driver whose transfer ends after `looks` service() calls: a write is kept, a
/// write_read returns it; address 0x7F is not acknowledged.
struct SlowI2c {
  std::uint32_t looks{2};
  std::uint32_t left{0};
  hal::TransferCompletion* done{nullptr};
  std::array<std::uint8_t, 4> kept{};
  std::span<std::uint8_t> rx{};
  bool nack{false};
  Errc begin(std::uint8_t address, hal::TransferCompletion& d) {
    if (left != 0) return Errc::bus_timeout;
    done = &d;
    nack = address == 0x7F;
    left = looks;
    return Errc::ok;
  }
  Errc start_write(std::uint8_t address, std::span<const std::uint8_t> tx, hal::TransferCompletion& d) {
    for (std::size_t i = 0; i < tx.size() && i < kept.size(); ++i) kept[i] = tx[i];
    rx = {};
    return begin(address, d);
  }
  Errc start_write_read(std::uint8_t address, std::span<const std::uint8_t>, std::span<std::uint8_t> r,
                        hal::TransferCompletion& d) {
    rx = r;
    return begin(address, d);
  }
  void service() {
    if (left == 0 || --left != 0) return;
    for (std::size_t i = 0; i < rx.size() && i < kept.size(); ++i) rx[i] = kept[i];
    done->complete(nack ? Errc::bus_nack : Errc::ok);
  }
};
static_assert(hal::AsyncI2cBus<SlowI2c> && !hal::AsyncSpiBus<SlowI2c>);
}  // namespace

TEST_CASE("transfer: the blocking I2C adapter, its NACK and its bound") {
  SlowI2c i2c;
  hal::BlockingI2c<SlowI2c> blocking(i2c);
  static_assert(hal::I2cBus<hal::BlockingI2c<SlowI2c>>);
  const std::array<std::uint8_t, 2> tx{0x90, 0x21};
  CHECK(blocking.write(0x48, tx) == Errc::ok);
  std::array<std::uint8_t, 2> rx{};
  CHECK(blocking.write_read(0x48, std::span(tx).first(1), rx) == Errc::ok);
  CHECK(rx == tx);  // what the write left, read back after the driver's looks
  CHECK(blocking.write(0x7F, tx) == Errc::bus_nack);
  SlowI2c stuck;
  stuck.looks = 1'000;
  hal::BlockingI2c<SlowI2c, 10> bounded(stuck);
  CHECK(bounded.write(0x48, tx) == Errc::bus_timeout);
}
