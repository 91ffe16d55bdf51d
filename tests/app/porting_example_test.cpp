// The porting guide's worked example, run: the controller's round loop drives a
// fabric with a foreign register block through its own FabricController driver.
// The test plays the Acme hardware: on GO it routes every non-idle port through
// the omega network with the STAGES register and records the pairs.
#include "porting_example.hpp"

#include <a2a/a2a.hpp>
#include <a2a/app/controller.hpp>
#include <a2a/hal/program_round.hpp>
#include <doctest/doctest.h>

#include <array>
#include <vector>

namespace {

/// The Acme block as the test's hardware model.
struct AcmeHardware {
  std::array<std::uint32_t, 0x200 / 4> regs{};
  std::vector<bool> pairs = std::vector<bool>(64 * 64, false);
  std::uint32_t delivered = 0, duplicates = 0, misroutes = 0;

  std::uint32_t read32(std::uint32_t offset) { return regs[offset / 4]; }
  void write32(std::uint32_t offset, std::uint32_t value) {
    regs[offset / 4] = value;
    if (offset == acme::AcmeFabricDriver<AcmeHardware>::kCtrl && (value & 1U) != 0) run();
  }
  void run() {
    const std::uint32_t n = regs[0x10 / 4];
    const a2a::Network net = a2a::make_network(a2a::Topology::omega, n).value();
    std::uint32_t word = 0;  // the STAGES bits as a stage word: stage s is bit n-1-s
    for (std::uint32_t s = 0; s < net.stages; ++s) word |= ((regs[0x08 / 4] >> s) & 1U) << (net.stages - 1 - s);
    for (std::uint32_t p = 0; p < n; ++p) {
      if ((regs[(0x80 + 4 * (p / 32)) / 4] >> (p % 32)) & 1U) continue;
      const a2a::Path path = a2a::route(net, p, a2a::StageControl{word, 2, net.stages});
      const std::uint32_t header = regs[(0x100 + 4 * p) / 4];
      if ((header & 0xFFFFU) != path.destination || (header >> 16) != path.tag) ++misroutes;
      if (pairs[p * n + path.destination]) ++duplicates;
      pairs[p * n + path.destination] = true;
      ++delivered;
    }
    ++regs[0x0C / 4];
  }
};

using Acme = acme::AcmeFabricDriver<AcmeHardware>;
static_assert(a2a::hal::FabricController<Acme>);
// What the Acme block has beyond the controller, and what it has not.
static_assert(a2a::hal::PortHeaders<Acme> && a2a::hal::IdleMasks<Acme> && a2a::hal::RoundCounter<Acme>);
static_assert(!a2a::hal::IndividualSwitches<Acme> && !a2a::hal::RelayFabric<Acme> &&
              !a2a::hal::DeliveryCounters<Acme> && !a2a::hal::FaultMarking<Acme> && !a2a::hal::FaultInjection<Acme>);

}  // namespace

TEST_CASE("porting example: a2a's round loop drives a fabric with its own register block") {
  AcmeHardware hardware;
  acme::AcmeFabricDriver<AcmeHardware> driver(hardware);
  const a2a::Network net = a2a::make_network(a2a::Topology::omega, 64).value();
  REQUIRE(driver.configure(net, false) == a2a::Errc::ok);
  const auto schedule = a2a::LatinSquareSchedule<>::make(net, a2a::RoundOrder::gray).value();
  std::uint32_t rounds_seen = 0;
  const auto outcome = a2a::app::run_exchange(driver, schedule, [&](std::uint32_t, const auto&) { ++rounds_seen; });
  CHECK(outcome.error == a2a::Errc::ok);
  CHECK(rounds_seen == 64);
  CHECK(driver.round_counter() == 64);
  CHECK(hardware.delivered == 64 * 64);
  CHECK(hardware.duplicates == 0);
  CHECK(hardware.misroutes == 0);
}

TEST_CASE("porting example: what the foreign block cannot do is refused, not faked") {
  AcmeHardware hardware;
  acme::AcmeFabricDriver<AcmeHardware> driver(hardware);
  CHECK(driver.configure(a2a::make_network(a2a::Topology::baseline, 16).value(), false) ==
        a2a::Errc::fabric_device_mismatch);
  REQUIRE(driver.configure(a2a::make_network(a2a::Topology::omega, 16).value(), false) == a2a::Errc::ok);
  // Alternating control needs per-switch patterns the Acme block lacks.
  CHECK(driver.set_stage_control(0, a2a::ControlMode::alternating, 1) == a2a::Errc::fabric_operation_unsupported);
  CHECK(driver.set_stage_control(4, a2a::ControlMode::stage, 1) == a2a::Errc::stage_out_of_range);
  // No per-port message registers (not a hal::RelayFabric): a relayed configuration is
  // refused by a2a before the driver is asked, and the fabric reports no relays.
  const a2a::Network net = a2a::make_network(a2a::Topology::omega, 16).value();
  CHECK(a2a::hal::configure_fabric(driver, net, false, true) == a2a::Errc::fabric_relay_unsupported);
  CHECK(a2a::hal::configure_fabric(driver, net, false, false) == a2a::Errc::ok);
  CHECK_FALSE(a2a::hal::relays(driver));
  // A hung round cannot be taken back.
  CHECK(driver.abort() == a2a::Errc::fabric_operation_unsupported);
}

TEST_CASE("porting example: a schedule that sets switches one by one is refused, not half-written") {
  AcmeHardware hardware;
  Acme driver(hardware);
  // A Latin square from a power-on configuration M^0 sets each switch on its own
  // (paper 001, Corollary 4); the Acme block has stage control only.
  const a2a::Network net = a2a::make_network(a2a::Topology::omega, 16).value();
  REQUIRE(driver.configure(net, false) == a2a::Errc::ok);
  const std::array<std::uint8_t, 4> m0{0x5A, 0x0F, 0x33, 0x81};  // byte s = the 8 switches of stage s
  const auto schedule =
      a2a::LatinSquareSchedule<a2a::InitialConfiguration>::make(net, a2a::RoundOrder::natural, {m0, 8}).value();
  CHECK(a2a::hal::program_round(driver, schedule, 0) == a2a::Errc::fabric_operation_unsupported);
  CHECK(hardware.regs[0x00 / 4] == 0);  // GO never written
  CHECK(hardware.delivered == 0);
}
