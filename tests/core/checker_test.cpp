// The exchange checker finds every kind of violation: a verifier that cannot
// fail would make the exhaustive tests worthless.
#include "support.hpp"

using namespace a2a;
using a2a::test::check_fixed;

namespace {

enum class Fault { none, destination, tag, twice, drop_round, idle_port };

/// Wraps a correct schedule and breaks it in one chosen way.
struct Broken {
  using Round = LatinSquareSchedule<>::Round;
  LatinSquareSchedule<> inner;
  Fault fault{Fault::none};
  [[nodiscard]] Network network() const { return inner.network(); }
  [[nodiscard]] std::uint32_t rounds() const { return inner.rounds() - (fault == Fault::drop_round ? 1U : 0U); }
  [[nodiscard]] Round round(std::uint32_t r) const {
    // "twice": round 1 repeats round 0's configuration, so round 0's pairs come again.
    return inner.round(fault == Fault::twice && r == 1 ? 0 : r);
  }
  [[nodiscard]] PortSend send(const Round& round, std::uint32_t i) const {
    PortSend s = inner.send(round, i);
    if (round.index() == 2 && i == 3) {
      if (fault == Fault::destination) s.destination = (s.destination + 1) % inner.network().ports;
      if (fault == Fault::tag) s.tag ^= 1U;
      if (fault == Fault::idle_port) s.sends = false;
    }
    return s;
  }
};

/// Every round uses the same (straight) configuration: from round 1 on, every
/// pair repeats.
struct Repeating {
  struct Round {
    std::uint32_t r{0};
    [[nodiscard]] std::uint32_t word() const { return r; }
    [[nodiscard]] std::uint32_t switch_state(std::uint32_t, std::uint32_t) const { return 0; }
  };
  Network net;
  [[nodiscard]] Network network() const { return net; }
  [[nodiscard]] std::uint32_t rounds() const { return net.ports; }
  [[nodiscard]] Round round(std::uint32_t r) const { return {r}; }
  [[nodiscard]] PortSend send(const Round& round, std::uint32_t i) const {
    const Path p = route(net, i, round);
    return {true, p.destination, p.tag};
  }
};

}  // namespace

TEST_CASE("the checker reports each injected fault") {
  const auto good = LatinSquareSchedule<>::make(make_network(Topology::baseline, 16).value()).value();
  CHECK(check_fixed(Broken{good, Fault::none}).ok());

  const ExchangeCheck dest = check_fixed(Broken{good, Fault::destination});
  CHECK(dest.violation == Violation::wrong_destination);
  CHECK(dest.round == 2);
  CHECK(dest.port == 3);
  CHECK(check_fixed(Broken{good, Fault::tag}).violation == Violation::wrong_tag);
  CHECK(check_fixed(Broken{good, Fault::twice}).violation == Violation::pair_duplicated);
  CHECK(check_fixed(Broken{good, Fault::drop_round}).violation == Violation::wrong_round_count);

  const ExchangeCheck idle = check_fixed(Broken{good, Fault::idle_port});
  CHECK(idle.violation == Violation::pair_missing);
  CHECK(idle.port == 3);  // the source whose message was never sent
  CHECK(idle.delivered == 16 * 16 - 1);
}

TEST_CASE("the checker reports a configuration repeated in a later round") {
  const Network net = make_network(Topology::omega, 8).value();
  const ExchangeCheck c = check_fixed(Repeating{net});
  CHECK(c.violation == Violation::pair_duplicated);
  CHECK(c.round == 1);
  CHECK(c.delivered == 8);  // round 0 delivered its 8 pairs
}

TEST_CASE("the checker refuses storage that is too small") {
  const auto good = LatinSquareSchedule<>::make(make_network(Topology::omega, 16).value()).value();
  std::array<std::uint32_t, 7> pairs{};  // needs 8 words for 256 pairs
  std::array<std::uint32_t, 1> outputs{};
  CHECK(check_exchange(good, std::span(pairs), std::span(outputs)).violation == Violation::storage_too_small);
}
