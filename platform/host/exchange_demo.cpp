// Host demo: prints a complete all-to-all personalized exchange, round by round:
// the stage word and, for every port, its destination and forward control tag;
// then checks the whole exchange at switch level.
//
//   a2a_demo [--topology omega|baseline|banyan|reverse-*|gsen] [--ports N] [--radix d] [--order natural|gray]
#include <a2a/a2a.hpp>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace {

struct Options {
  a2a::Topology topology = a2a::Topology::omega;
  std::uint32_t ports = 16;
  std::uint32_t radix = 2;
  a2a::RoundOrder order = a2a::RoundOrder::natural;
};

int usage_error(const std::string& message) {
  std::fprintf(stderr, "a2a_demo: error: %s\n", message.c_str());
  std::fprintf(stderr, "usage: a2a_demo [--topology T] [--ports N] [--radix d] [--order natural|gray]\n");
  return 2;
}

bool parse_number(const char* text, std::uint32_t& out) {
  char* end = nullptr;
  const unsigned long value = std::strtoul(text, &end, 10);
  if (end == text || *end != '\0' || value > 0xFFFFFFFFUL) return false;
  out = static_cast<std::uint32_t>(value);
  return true;
}

std::string digits(std::uint32_t value, std::uint32_t radix, std::uint32_t count) {
  std::string s(count, '0');
  for (std::uint32_t i = 0; i < count; ++i, value /= radix) {
    const std::uint32_t digit = value % radix;
    s[count - 1 - i] = static_cast<char>(digit < 10 ? '0' + digit : 'a' + (digit - 10));
  }
  return s;
}

template <class S>
int print_exchange(const S& schedule, const char* what) {
  const a2a::Network net = schedule.network();
  std::printf("a2a: all-to-all personalized exchange on a %u-port %s network (d = %u, %u stages), %s\n", net.ports,
              std::string(a2a::name(net.topology)).c_str(), net.radix, net.stages, what);
  std::printf("stage word: digit l sets stage n-1-l (stage 0 is the leftmost digit); tag: output port per stage\n");
  for (std::uint32_t r = 0; r < schedule.rounds(); ++r) {
    const auto round = schedule.round(r);
    std::printf("round %3u  word %s :", r, digits(round.word(), net.radix, net.stages).c_str());
    for (std::uint32_t i = 0; i < net.ports; ++i) {
      const a2a::PortSend s = schedule.send(round, i);
      if (s.sends)
        std::printf(" %u->%u/%s", i, s.destination, digits(s.tag, net.radix, net.stages).c_str());
      else
        std::printf(" %u:idle", i);
    }
    std::printf("\n");
  }
  std::vector<std::uint32_t> pairs(a2a::pair_words_needed(net.ports));
  std::vector<std::uint32_t> outputs(a2a::round_words_needed(net.ports, net.stages));
  const a2a::ExchangeCheck check = a2a::check_exchange(schedule, std::span(pairs), std::span(outputs));
  if (!check.ok()) {
    std::printf("VIOLATION: %s (round %u, port %u)\n", std::string(a2a::describe(check.violation)).c_str(), check.round,
                check.port);
    return 1;
  }
  std::printf("verified at switch level: %llu/%llu pairs delivered exactly once in %u rounds\n",
              static_cast<unsigned long long>(check.delivered),
              static_cast<unsigned long long>(std::uint64_t{net.ports} * net.ports), check.rounds);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  Options opt;
  for (int a = 1; a < argc; ++a) {
    const char* key = argv[a];
    if (std::strcmp(key, "--help") == 0 || std::strcmp(key, "-h") == 0) {
      std::printf(
          "usage: a2a_demo [--topology T] [--ports N] [--radix d] [--order natural|gray]\n"
          "topologies: omega baseline banyan reverse-omega reverse-baseline reverse-banyan gsen\n");
      return 0;
    }
    if (a + 1 >= argc) return usage_error(std::string("missing value after ") + key);
    const char* value = argv[++a];
    if (std::strcmp(key, "--topology") == 0) {
      const auto t = a2a::parse_topology(value);
      if (!t) return usage_error(std::string("unknown topology '") + value + "'");
      opt.topology = *t;
    } else if (std::strcmp(key, "--ports") == 0) {
      if (!parse_number(value, opt.ports))
        return usage_error(std::string("--ports needs a number, got '") + value + "'");
    } else if (std::strcmp(key, "--radix") == 0) {
      if (!parse_number(value, opt.radix))
        return usage_error(std::string("--radix needs a number, got '") + value + "'");
    } else if (std::strcmp(key, "--order") == 0) {
      if (std::strcmp(value, "natural") == 0)
        opt.order = a2a::RoundOrder::natural;
      else if (std::strcmp(value, "gray") == 0)
        opt.order = a2a::RoundOrder::gray;
      else
        return usage_error(std::string("--order must be natural or gray, got '") + value + "'");
    } else {
      return usage_error(std::string("unknown option ") + key);
    }
  }
  const auto net = a2a::make_network(opt.topology, opt.ports, opt.radix);
  if (!net) return usage_error(std::string(a2a::describe(net.error())));
  if (opt.topology == a2a::Topology::gsen && opt.ports % 4 == 2) {
    const auto schedule = a2a::AlternatingSchedule::make(*net);
    return print_exchange(schedule.value(), "alternating stage control (paper 000, Algorithm 4)");
  }
  const auto schedule = a2a::LatinSquareSchedule<>::make(*net, opt.order);
  if (!schedule) return usage_error(std::string(a2a::describe(schedule.error())));
  return print_exchange(*schedule, opt.order == a2a::RoundOrder::gray ? "Latin-square stage control, Gray order"
                                                                      : "Latin-square stage control, natural order");
}
