// The transport facades (transport.hpp): what a product's SPI, I2C, latch and GPIO
// drivers must offer, every transfer returning an Errc. A driver that returns
// nothing (a failure it cannot report) does not satisfy the concept.
#include <a2a/hal/transport.hpp>

#include "a2a_test.hpp"

#include <cstdint>
#include <span>

using namespace a2a;

namespace {

struct Spi {
  Errc write_read(std::span<const std::uint8_t>, std::span<std::uint8_t>) { return Errc::ok; }
};
struct SilentSpi {  // cannot say that a transfer failed
  void write_read(std::span<const std::uint8_t>, std::span<std::uint8_t>) {}
};
struct Latch {
  Errc pulse() { return Errc::ok; }
};
struct I2c {
  Errc write(std::uint8_t, std::span<const std::uint8_t>) { return Errc::bus_nack; }
  Errc write_read(std::uint8_t, std::span<const std::uint8_t>, std::span<std::uint8_t>) { return Errc::ok; }
};
struct WriteOnlyI2c {
  Errc write(std::uint8_t, std::span<const std::uint8_t>) { return Errc::ok; }
};
struct Lines {
  Errc set(std::uint32_t, std::uint32_t) { return Errc::ok; }
};
struct Clock {
  std::uint64_t now_us() { return 0; }
};
struct MillisClock {
  std::uint32_t now_ms() { return 0; }
};

static_assert(hal::SpiBus<Spi> && !hal::SpiBus<SilentSpi>);
static_assert(hal::LatchLine<Latch> && !hal::LatchLine<Spi>);
static_assert(hal::I2cBus<I2c> && !hal::I2cBus<WriteOnlyI2c>);
static_assert(hal::OutputLines<Lines> && !hal::OutputLines<Latch>);
static_assert(hal::MicrosClock<Clock> && !hal::MicrosClock<MillisClock>);

}  // namespace

TEST_CASE("the bus errors have their own values and specific messages") {
  for (const Errc e : {Errc::bus_nack, Errc::bus_timeout, Errc::bus_readback_mismatch}) {
    CHECK(layer_of(e) == ErrorLayer::fabric);
    CHECK(!describe(e).empty());
  }
  CHECK(describe(Errc::bus_nack).find("NACK") != std::string_view::npos);
  CHECK(describe(Errc::bus_timeout).find("timeout") != std::string_view::npos);
  CHECK(describe(Errc::bus_readback_mismatch).find("returned") != std::string_view::npos);
  CHECK(describe(Errc::bus_nack) != describe(Errc::bus_timeout));
}
