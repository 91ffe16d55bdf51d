#include "a2a/search/config_set.hpp"

#include <cstdio>

#include "a2a/any_schedule.hpp"
#include "a2a/route.hpp"

namespace a2a::search {

SetSchedule::SetSchedule(const ConfigSet& set) : set_(&set) {
  const std::uint32_t n = set.net.ports;
  sends_.assign(static_cast<std::size_t>(set.rounds()) * n, PortSend{});
  std::vector<bool> served(static_cast<std::size_t>(n) * n, false);
  for (std::uint32_t r = 0; r < set.rounds(); ++r) {
    const Round config = round(r);
    for (std::uint32_t i = 0; i < n; ++i) {
      const Path path = route(set.net, i, config);
      if (path.destination >= n) continue;  // an unconnected output (shift network)
      const std::size_t pair = static_cast<std::size_t>(i) * n + path.destination;
      if (served[pair]) continue;  // an earlier round took this pair: the port is idle
      served[pair] = true;
      sends_[static_cast<std::size_t>(r) * n + i] = PortSend{true, path.destination, path.tag};
    }
  }
}

ExchangeCheck verify_set(const ConfigSet& set) {
  const SetSchedule schedule(set);
  std::vector<std::uint32_t> pairs(pair_words_needed(set.net.ports));
  std::vector<std::uint32_t> round(replay_round_words_needed(set.net));
  return check_exchange(schedule, std::span<std::uint32_t>(pairs), std::span<std::uint32_t>(round));
}

std::string describe_check(const ExchangeCheck& check, std::uint32_t ports) {
  char text[200];
  if (check.ok()) {
    std::snprintf(text, sizeof text, "%llu/%llu pairs exactly once in %u rounds",
                  static_cast<unsigned long long>(check.delivered),
                  static_cast<unsigned long long>(static_cast<std::uint64_t>(ports) * ports), check.rounds);
  } else {
    std::snprintf(text, sizeof text, "%s (round %u, port %u, other %u) in %u rounds",
                  std::string(describe(check.violation)).c_str(), check.round, check.port, check.other, check.rounds);
  }
  return text;
}

std::uint64_t pairs_covered(const ConfigSet& set) {
  const std::uint32_t n = set.net.ports;
  std::uint64_t count = 0;
  const SetSchedule schedule(set);
  for (std::uint32_t r = 0; r < set.rounds(); ++r)
    for (std::uint32_t i = 0; i < n; ++i) count += schedule.send(schedule.round(r), i).sends ? 1U : 0U;
  return count;
}

ConfigSet default_set(const Network& net) { return schedule_set(net, default_schedule_kind(net)); }

ConfigSet schedule_set(const Network& net, ScheduleKind kind) {
  ConfigSet set;
  set.net = net;
  const auto schedule = AnySchedule::make(net, kind);
  if (!schedule) return set;
  const std::uint32_t w = net.switches_per_stage();
  for (std::uint32_t r = 0; r < schedule->rounds(); ++r) {
    const auto round = schedule->round(r);
    std::vector<std::uint8_t> states(static_cast<std::size_t>(net.stages) * w);
    for (std::uint32_t s = 0; s < net.stages; ++s)
      for (std::uint32_t y = 0; y < w; ++y)
        states[static_cast<std::size_t>(s) * w + y] = static_cast<std::uint8_t>(round.switch_state(s, y) % 2U);
    set.states.push_back(std::move(states));
  }
  return set;
}

}  // namespace a2a::search
