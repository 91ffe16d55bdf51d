#include "a2a/search/seeding.hpp"

#include <algorithm>
#include <vector>

#include "a2a/route.hpp"

namespace a2a::search {

ConfigSet pick_fixed(const ConfigSet& best, std::uint32_t count, std::uint32_t total) {
  const Network& net = best.net;
  const std::uint32_t n = net.ports;
  std::vector<std::uint32_t> reach(static_cast<std::size_t>(best.rounds()) * n);
  const SetSchedule schedule(best);
  for (std::uint32_t r = 0; r < best.rounds(); ++r)
    for (std::uint32_t i = 0; i < n; ++i)
      reach[static_cast<std::size_t>(r) * n + i] = route(net, i, schedule.round(r)).destination;
  std::vector<bool> served(static_cast<std::size_t>(n) * n, false);
  std::vector<bool> taken(best.rounds(), false);
  ConfigSet fixed;
  fixed.net = net;
  while (fixed.rounds() < count && fixed.rounds() < best.rounds()) {
    std::uint32_t pick = 0;
    std::int64_t gain = -1;
    for (std::uint32_t r = 0; r < best.rounds(); ++r) {
      if (taken[r]) continue;
      std::int64_t g = 0;
      for (std::uint32_t i = 0; i < n; ++i) {
        const std::uint32_t j = reach[static_cast<std::size_t>(r) * n + i];
        if (j < n && !served[static_cast<std::size_t>(i) * n + j]) ++g;
      }
      if (g > gain) {
        gain = g;
        pick = r;
      }
    }
    taken[pick] = true;
    for (std::uint32_t i = 0; i < n; ++i) {
      const std::uint32_t j = reach[static_cast<std::size_t>(pick) * n + i];
      if (j < n) served[static_cast<std::size_t>(i) * n + j] = true;
    }
    fixed.states.push_back(best.states[pick]);
  }
  while (fixed.rounds() != 0) {
    std::vector<std::uint32_t> from(n, 0);
    std::vector<std::uint32_t> to(n, 0);
    const SetSchedule kept(fixed);
    std::vector<bool> covered(static_cast<std::size_t>(n) * n, false);
    for (std::uint32_t r = 0; r < fixed.rounds(); ++r)
      for (std::uint32_t i = 0; i < n; ++i)
        if (const PortSend send = kept.send(kept.round(r), i); send.sends)
          covered[static_cast<std::size_t>(i) * n + send.destination] = true;
    std::uint32_t most = 0;
    for (std::uint32_t i = 0; i < n; ++i)
      for (std::uint32_t j = 0; j < n; ++j)
        if (!covered[static_cast<std::size_t>(i) * n + j]) most = std::max({most, ++from[i], ++to[j]});
    if (most <= total - fixed.rounds()) break;
    fixed.states.pop_back();
  }
  return fixed;
}

}  // namespace a2a::search
