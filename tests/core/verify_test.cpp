// The exchange checker finds every kind of violation: a verifier that cannot
// fail would make the exhaustive tests worthless.
#include <a2a/delivery_tally.hpp>
#include <a2a/verify.hpp>

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

namespace {

/// Omega 8 (dest = i xor x) where message (0 -> 3) is not sent directly in round 3
/// but relayed through processor 1 in two extra rounds: 0 -> 1 (x = 1), then
/// 1 -> 3 (x = 2). `swapped` puts the hop out before the hop in.
struct Relaying {
  struct Round {
    LatinSquareSchedule<>::Round inner;
    std::uint32_t index{0};
    [[nodiscard]] std::uint32_t word() const { return inner.word(); }
    [[nodiscard]] std::uint32_t switch_state(std::uint32_t s, std::uint32_t y) const {
      return inner.switch_state(s, y);
    }
  };
  LatinSquareSchedule<> inner;
  bool swapped{false};
  [[nodiscard]] Network network() const { return inner.network(); }
  [[nodiscard]] std::uint32_t rounds() const { return 10; }
  [[nodiscard]] Round round(std::uint32_t r) const {
    if (r < 8) return {inner.round(r), r};
    const bool hop_in = (r == 8) != swapped;
    return {inner.round(hop_in ? 1 : 2), r};
  }
  [[nodiscard]] PortSend send(const Round& round, std::uint32_t i) const {
    if (round.index < 8) {
      if (round.index == 3 && i == 0) return {};  // the direct send of (0 -> 3) is skipped
      return inner.send(round.inner, i);
    }
    const PortSend s = inner.send(round.inner, i);  // extra rounds: only the relay hop sends
    const bool hop_in = round.word() == 1;
    if ((hop_in && i == 0) || (!hop_in && i == 1)) return {true, s.destination, s.tag, 0, 3};
    return {};
  }
};

/// Claims to be optical while every port sends: two signals share each switch.
struct FalselyOptical {
  using Round = LatinSquareSchedule<>::Round;
  LatinSquareSchedule<> inner;
  [[nodiscard]] bool optical() const { return true; }
  [[nodiscard]] Network network() const { return inner.network(); }
  [[nodiscard]] std::uint32_t rounds() const { return inner.rounds(); }
  [[nodiscard]] Round round(std::uint32_t r) const { return inner.round(r); }
  [[nodiscard]] PortSend send(const Round& round, std::uint32_t i) const { return inner.send(round, i); }
};

}  // namespace

TEST_CASE("relays count when the last hop arrives, and only in order") {
  const auto omega8 = LatinSquareSchedule<>::make(make_network(Topology::omega, 8).value()).value();
  const ExchangeCheck in_order = check_fixed(Relaying{omega8, false});
  CHECK(in_order.ok());
  CHECK(in_order.relayed == 1);
  CHECK(in_order.delivered == 64);
  const ExchangeCheck swapped = check_fixed(Relaying{omega8, true});
  CHECK(swapped.violation == Violation::relay_out_of_order);
  CHECK(swapped.round == 8);
  CHECK(swapped.port == 1);
}

TEST_CASE("an optical schedule may not put two signals through one switch") {
  const auto omega8 = LatinSquareSchedule<>::make(make_network(Topology::omega, 8).value()).value();
  const ExchangeCheck c = check_fixed(FalselyOptical{omega8});
  CHECK(c.violation == Violation::crosstalk);
  CHECK(c.round == 0);
  CHECK(is_optical(FalselyOptical{omega8}));
  CHECK_FALSE(is_optical(omega8));
}
