#include <a2a/a2a.hpp>

#include <cstdio>

int main() {
  // A 16-port omega network of 2x2 switches; bad parameters come back as an error value.
  const auto net = a2a::make_network(a2a::Topology::omega, 16);
  if (!net) return std::printf("error: %s\n", a2a::describe(net.error()).data()), 2;

  // The stage-controlled Latin-square exchange, rounds in Gray-code order.
  const auto schedule = a2a::LatinSquareSchedule<>::make(*net, a2a::RoundOrder::gray).value();
  for (std::uint32_t r = 0; r < schedule.rounds(); ++r) {
    const auto round = schedule.round(r);  // O(1) state: nothing is tabulated
    std::printf("round %2u: stage word %2u:", r, round.word());
    for (std::uint32_t port = 0; port < net->ports; ++port) {
      const a2a::PortSend send = schedule.send(round, port);  // destination and forward tag
      std::printf(" %u->%u", port, send.destination);
    }
    std::printf("\n");
  }
  // Check the whole exchange switch by switch: every ordered pair exactly once.
  const a2a::ExchangeCheck check = a2a::check_exchange_small<16>(schedule);
  std::printf("%s: %llu pairs in %u rounds\n", a2a::describe(check.violation).data(),
              static_cast<unsigned long long>(check.delivered), check.rounds);
  return check.ok() ? 0 : 1;
}
