// Compiled freestanding (see CMakeLists.txt) and checked with nm for heap,
// exception, RTTI and libstdc++ references. Each function below instantiates
// part of the core so its code is emitted: only emitted code can be checked.
// extern "C" keeps the symbols unmangled.
#include <a2a/a2a.hpp>
#include <a2a/config/config_block.hpp>      // the application layer's block decoder and overrides,
#include <a2a/config/config_overrides.hpp>  // freestanding too

#include <cstdint>

namespace {
// Runtime parameters (not constants) so the compiler must emit the real code paths.
volatile std::uint32_t g_ports = 16;
volatile std::uint32_t g_radix = 2;
}  // namespace

extern "C" std::uint32_t a2a_probe_latin(std::uint32_t topology, std::uint32_t r, std::uint32_t i) {
  const auto net = a2a::make_network(static_cast<a2a::Topology>(topology), g_ports, g_radix);
  if (!net) return 0xFFFFFFFFU;
  const auto schedule = a2a::LatinSquareSchedule<>::make(*net, a2a::RoundOrder::gray);
  if (!schedule) return 0xFFFFFFFEU;
  const auto round = schedule->checked_round(r);
  if (!round) return 0xFFFFFFFDU;
  const auto send = schedule->checked_send(*round, i);
  return send ? send->destination ^ (send->tag << 16) : 0xFFFFFFFCU;
}

extern "C" std::uint32_t a2a_probe_alternating(std::uint32_t ports, std::uint32_t i, std::uint32_t rounds) {
  const auto net = a2a::make_network(a2a::Topology::gsen, ports);
  if (!net) return 0xFFFFFFFFU;
  const auto schedule = a2a::AlternatingSchedule::make(*net);
  if (!schedule) return 0xFFFFFFFEU;
  auto port = schedule->port(i % ports);
  std::uint32_t sum = 0;
  for (std::uint32_t k = 0; k < rounds && k < ports; ++k, port.advance()) sum += port.send().destination;
  return sum;
}

extern "C" std::uint32_t a2a_probe_route(std::uint32_t source, std::uint32_t word) {
  const auto net = a2a::make_network(a2a::Topology::reverse_baseline, g_ports, g_radix);
  if (!net) return 0;
  return a2a::route(*net, source % net->ports, a2a::StageControl{word, net->radix, net->stages}).destination;
}

extern "C" int a2a_probe_check(std::uint32_t* pairs, std::uint32_t pair_words, std::uint32_t* outputs,
                               std::uint32_t output_words) {
  const auto net = a2a::make_network(a2a::Topology::banyan, g_ports, g_radix);
  if (!net) return -1;
  const auto schedule = a2a::LatinSquareSchedule<>::make(*net);
  if (!schedule) return -2;
  const auto check = a2a::check_exchange(*schedule, std::span<std::uint32_t>(pairs, pair_words),
                                         std::span<std::uint32_t>(outputs, output_words));
  return static_cast<int>(check.violation);
}

extern "C" int a2a_probe_config(const std::uint8_t* bytes, std::uint32_t size, const char* text, std::uint32_t length) {
  const auto decoded = a2a::decode_config(std::span<const std::uint8_t>(bytes, size));
  if (!decoded) return -static_cast<int>(decoded.error());
  const auto config = a2a::apply_overrides(*decoded, std::string_view(text, length));
  if (!config) return -static_cast<int>(config.error());
  const auto plan = a2a::plan_exchange(*config);
  return plan ? static_cast<int>(plan->rounds()) : -static_cast<int>(plan.error());
}

// Several faults (a switch and a dead link) planned by the general planner into the
// caller's storage, then one send: the planner and FaultMap emit no heap code either.
extern "C" std::uint32_t a2a_probe_fault_set(std::uint32_t stage, std::uint32_t terminal, std::uint32_t r) {
  static a2a::FaultPlanStorage<64, 2> storage;
  const auto net = a2a::make_network(a2a::Topology::banyan, g_ports, g_radix);
  if (!net) return 0xFFFFFFFFU;
  const a2a::SwitchFault switches[] = {{stage, 1}};
  const a2a::LinkFault links[] = {{stage, terminal}};
  a2a::FaultPlanOptions options;
  options.degraded = true;
  const auto schedule = a2a::FaultTolerantSchedule::make(*net, {switches, links}, storage.span(), options);
  if (!schedule) return 0xFFFFFFFEU;
  const auto round = schedule->checked_round(r);
  if (!round) return 0xFFFFFFFDU;
  return schedule->send(*round, 0).destination + schedule->first_left_out().origin;
}
