// Fuzz target: parameter validation of the core, the entry points a caller (the
// host tool, the firmware's configuration, a test) reaches with numbers it was
// given: make_network, AnySchedule::make, the checked accessors, and the parsers
// of topology and schedule names.
//
// Invariants (a violation traps): every refusal names an error with its own
// message; an accepted network has the documented shape (N = d^n for the banyan
// types); every accepted schedule with N <= 64 passes the independent exchange
// checker (every pair exactly once, routes and tags as claimed).
#include <a2a/a2a.hpp>
#include <fuzzer/FuzzedDataProvider.h>

#include <cstddef>
#include <cstdint>
#include <string>

namespace {

/// Largest N given to AnySchedule::make: some families verify their configuration
/// set in O(N^2) when made (see config_block_fuzz.cpp); make_network takes any N.
constexpr std::uint32_t kMaxPlannedPorts = 1024;

void require(bool condition) {
  if (!condition) __builtin_trap();
}

void require_described(a2a::Errc e) {
  require(e != a2a::Errc::ok);
  require(a2a::describe(e) != "unknown error");
}

/// Small values most of the time (real networks), any 32-bit value sometimes.
std::uint32_t size_value(FuzzedDataProvider& in, std::uint32_t small_max) {
  return in.ConsumeBool() ? in.ConsumeIntegralInRange<std::uint32_t>(0, small_max)
                          : in.ConsumeIntegral<std::uint32_t>();
}

void check_schedule(const a2a::AnySchedule& schedule, FuzzedDataProvider& in) {
  const a2a::Network net = schedule.network();
  require(schedule.rounds() >= net.ports);
  require(schedule.checked_round(schedule.rounds()).error() == a2a::Errc::round_out_of_range);
  const std::uint32_t r = in.ConsumeIntegralInRange<std::uint32_t>(0, schedule.rounds() - 1);
  const auto round = schedule.checked_round(r);
  require(round.ok());
  require(schedule.checked_send(*round, net.ports).error() == a2a::Errc::port_out_of_range);
  const std::uint32_t port = in.ConsumeIntegralInRange<std::uint32_t>(0, net.ports - 1);
  const auto send = schedule.checked_send(*round, port);
  require(send.ok());
  require(!send->sends || (send->destination < net.ports && send->tag < net.stage_words()));
  if (net.ports <= 64) require(a2a::check_exchange_small<64>(schedule).ok());
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  FuzzedDataProvider in(data, size);
  // Raw enum values on purpose: a value outside the enumeration must be refused too.
  const auto topology = static_cast<a2a::Topology>(in.ConsumeIntegral<std::uint8_t>());
  const std::uint32_t ports = size_value(in, 300);
  const std::uint32_t radix = size_value(in, 20);
  const auto kind = static_cast<a2a::ScheduleKind>(in.ConsumeIntegral<std::uint8_t>());
  const auto order = static_cast<a2a::RoundOrder>(in.ConsumeIntegralInRange<std::uint8_t>(0, 2));

  const a2a::Result<a2a::Network> net = a2a::make_network(topology, ports, radix);
  if (!net) {
    require_described(net.error());
  } else {
    require(net->ports == ports && net->radix == radix && net->topology == topology);
    require(net->stages >= 1 && net->stages <= a2a::kMaxStages);
    require(net->ports <= a2a::kMaxPorts);
    const a2a::Result<a2a::AnySchedule> schedule =
        net->ports <= kMaxPlannedPorts ? a2a::AnySchedule::make(*net, kind, order) : a2a::Errc::ports_too_large;
    if (!schedule) {
      require_described(schedule.error());
    } else {
      check_schedule(*schedule, in);
    }
  }

  // The name parsers take any text.
  const std::string text = in.ConsumeRandomLengthString(32);
  if (const auto t = a2a::parse_topology(text); t)
    require(a2a::name(*t) == text);
  else
    require_described(t.error());
  if (const auto k = a2a::parse_schedule_kind(text); k)
    require(a2a::name(*k) == text);
  else
    require_described(k.error());
  return 0;
}
