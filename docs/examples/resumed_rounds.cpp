// Prints docs/fault-tolerance.md's table of resumed rounds ("A fault during the exchange"):
// the Latin square with switch (n/2, N/4 + 3) failing in the first, a middle and the
// last round; the rounds go on with its paths held and the completion carries what they
// held (FaultTolerantSchedule::completion, with the device's re-planning: one variant),
// or, as the device chooses when a quarter of N or more are held, the relay rounds of
// the plan known in advance where they are fewer (JobRunner::known_is_shorter).
// Columns: the messages held, the completion's rounds in all, the exchange's as the
// device runs it, the plans known in advance (the fault configured: one variant, as the
// device's re-plan compares with; the device's own, its search up to N = 64; the host's
// default make()), and the lower bound N + (the most held messages one processor sends
// or receives) + 1.
// Every completion is replayed at switch level by route(): each held message delivered
// once, no path through the switch, a relay forwarding only what it holds from an
// earlier round; and the exchange as run takes no more rounds than the one-variant plan
// known in advance and no fewer than the bound; exit status 1 otherwise.
// Build and run from the repository root:
//   g++ -std=c++20 -O2 -Ifirmware/core/include -Ifirmware/config/include
//       docs/examples/resumed_rounds.cpp -o /tmp/resumed_rounds
//   /tmp/resumed_rounds 256
#include <a2a/a2a.hpp>
#include <a2a/config/device_planning.hpp>
#include <a2a/fault/completion_planner.hpp>

#include <algorithm>
#include <array>
#include <cstdio>
#include <cstdlib>
#include <vector>

namespace {

using namespace a2a;

/// The device's re-plans during an exchange, and its plans known in advance at N ports
/// (config/device_planning.hpp: its search up to N = 64, one variant above).
FaultPlanOptions replan_options() { return device_replanning(nullptr); }
FaultPlanOptions known_options(std::uint32_t ports) { return device_planning(nullptr, ports); }

/// Replays the completion: every held message once at its destination, by paths that
/// do not pass the faulty switch, each hop from where the message is.
bool replay(const Network& net, const FaultTolerantSchedule& done, const std::vector<HeldMessage>& held, SwitchFault fault) {
  const std::uint32_t n = net.ports;
  std::vector<std::int32_t> at(std::size_t{n} * n, -1);      // holder of (origin, final), -1: not held
  std::vector<std::uint32_t> since(std::size_t{n} * n, 0);   // round it got there, + 1
  for (const HeldMessage& m : held) at[std::size_t{m.origin} * n + m.final_destination] = m.holder;
  std::uint32_t delivered = 0;
  for (std::uint32_t r = 0; r < done.rounds(); ++r) {
    const auto round = done.round(r);
    for (std::uint32_t u = 0; u < n; ++u) {
      const PortSend s = done.send(round, u);
      if (!s.sends) continue;
      const Path path = route(net, u, round);
      if (path.destination != s.destination || path.hops[fault.stage].switch_index == fault.switch_index) return false;
      const std::size_t m = std::size_t{s.message_origin(u)} * n + s.message_final();
      if (at[m] != static_cast<std::int32_t>(u) || since[m] > r) return false;
      if (s.destination == s.message_final()) {
        at[m] = -2;  // delivered
        ++delivered;
      } else {
        at[m] = static_cast<std::int32_t>(s.destination);
        since[m] = r + 1;
      }
    }
  }
  return delivered == held.size();
}

}  // namespace

int main(int argc, char** argv) {
  const std::uint32_t largest = argc > 1 ? static_cast<std::uint32_t>(std::atoi(argv[1])) : 256;
  static FaultPlanStorage<256, 1> storage;
  bool ok = true;
  std::printf("| topology | N | found in round | messages held | with the completion | as run | plan known in advance (one variant / device / host) | lower bound |\n");
  std::printf("| --- | --- | --- | --- | --- | --- | --- | --- |\n");
  for (const Topology t : {Topology::omega, Topology::baseline, Topology::banyan})
    for (std::uint32_t ports = 64; ports <= largest && ports <= 256; ports *= 4) {
      const Network net = make_network(t, ports).value();
      const SwitchFault fault{net.stages / 2, ports / 4 + 3};
      FaultSet<> set;
      (void)set.add(fault);
      const FaultMap map = FaultMap::make(net, set.view()).value();
      const AnySchedule square = AnySchedule::make(net, ScheduleKind::latin_square).value();
      // The plan known in advance that a re-plan compares with (JobRunner::known_is_shorter:
      // one variant, as the device re-plans), and the device's own for a configured fault.
      const auto device = FaultTolerantSchedule::make(net, set.view(), storage.span(), replan_options());
      const std::uint32_t device_rounds = device ? device->rounds() : 0;
      const auto configured = FaultTolerantSchedule::make(net, set.view(), storage.span(), known_options(ports));
      const std::uint32_t configured_rounds = configured ? configured->rounds() : 0;
      const auto host = FaultTolerantSchedule::make(net, set.view(), storage.span());
      const std::uint32_t host_rounds = host ? host->rounds() : 0;
      for (const std::uint32_t found : {0U, ports / 2, ports - 1}) {
        HeldList list(storage.span(), ports);
        std::vector<HeldMessage> held;
        std::vector<std::uint32_t> out(ports, 0), in(ports, 0);
        for (std::uint32_t r = found; r < ports; ++r) {
          const auto round = square.round(r);
          for (std::uint32_t u = 0; u < ports; ++u) {
            const PortSend s = square.send(round, u);
            if (!s.sends || !map.crosses(u, s.destination)) continue;
            const HeldMessage m{static_cast<std::uint16_t>(u), static_cast<std::uint16_t>(u),
                                static_cast<std::uint16_t>(s.destination)};
            held.push_back(m);
            ok = list.add(m) && ok;
            ++out[u];
            ++in[s.destination];
          }
        }
        std::uint32_t most = 0;
        for (std::uint32_t p = 0; p < ports; ++p) most = std::max(most, std::max(out[p], in[p]));
        LeftOutMessages left;
        const auto done = FaultTolerantSchedule::completion(net, set.view(), list, replan_options(), left);
        if (!done || !replay(net, *done, held, fault)) {
          std::fprintf(stderr, "%s N = %u, round %u: the completion failed its replay\n", name(t).data(), ports, found);
          ok = false;
          continue;
        }
        const std::uint32_t completed = ports + done->rounds();
        const bool direct = device && device->regular_rounds_direct() && !device->degraded();
        const bool known = held.size() * 4 >= ports && direct && device_rounds < completed;
        const std::uint32_t as_run = known ? device_rounds : completed;
        const std::uint32_t bound = ports + (most == 0 ? 0 : most + 1);
        std::printf("| %s | %u | %u | %zu | %u | %u | %u / %u / %u | %u |\n", name(t).data(), ports, found, held.size(),
                    completed, as_run, device_rounds, configured_rounds, host_rounds, bound);
        // Never more than the plan known in advance; never below the bound.
        if ((device && as_run > device_rounds) || as_run < bound) {
          std::fprintf(stderr, "%s N = %u, round %u: %u rounds as run, the plan known in advance %u, the bound %u\n",
                       name(t).data(), ports, found, as_run, device_rounds, bound);
          ok = false;
        }
      }
    }
  return ok ? 0 : 1;
}
