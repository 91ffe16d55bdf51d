// Fault sets (fault_set.hpp): validation errors, and FaultMap's answers (crosses,
// cut-off processors, two-hop relays, the undeliverable pairs in order) against a
// brute force that finds each pair's path by routing the source under every stage
// word and looks at the switches and link terminals route() passes.
// scan_row (a row of reach() 32 pairs at a time) against reach() at N = 4 .. 256; the
// bit images the rectangles are made of against route() up to N = 65536.
// Heap-free: the Cortex-M build runs N = 16.
#include <a2a/fault/fault_set.hpp>

#include "support.hpp"

namespace {

using a2a::FaultMap;
using a2a::FaultSetView;
using a2a::LinkFault;
using a2a::PairReach;
using a2a::SwitchFault;
using a2a::Topology;

#ifdef A2A_TEST_LIGHT
constexpr std::uint32_t kUpTo = 16;
constexpr std::uint32_t kSets = 6;
constexpr std::uint32_t kRowsUpTo = 64;   // scan_row's test
constexpr std::uint32_t kImagesUpTo = 8;  // bit_images' test: stages
#else
constexpr std::uint32_t kImagesUpTo = a2a::kMaxStages;
constexpr std::uint32_t kUpTo = 64;
constexpr std::uint32_t kSets = 40;
constexpr std::uint32_t kRowsUpTo = 256;
#endif

constexpr Topology kBinary[] = {Topology::omega,         Topology::baseline,         Topology::banyan,
                                Topology::reverse_omega, Topology::reverse_baseline, Topology::reverse_banyan,
                                Topology::gsen};

/// blocked[i][j]: the path i -> j (found by routing i under every word) passes a fault.
struct Brute {
  std::array<std::array<bool, kUpTo>, kUpTo> blocked{};
  std::uint32_t ports{0};
  bool cannot_send(std::uint32_t i) const {
    for (std::uint32_t j = 0; j < ports; ++j)
      if (!blocked[i][j]) return false;
    return true;
  }
  bool cannot_receive(std::uint32_t j) const {
    for (std::uint32_t i = 0; i < ports; ++i)
      if (!blocked[i][j]) return false;
    return true;
  }
  bool relay(std::uint32_t i, std::uint32_t j) const {
    for (std::uint32_t p = 0; p < ports; ++p)
      if (!blocked[i][p] && !blocked[p][j]) return true;
    return false;
  }
  PairReach reach(std::uint32_t i, std::uint32_t j) const {
    if (!blocked[i][j]) return PairReach::direct;
    if (relay(i, j)) return PairReach::relay;
    if (cannot_send(i)) return PairReach::cut_off_sender;
    if (cannot_receive(j)) return PairReach::cut_off_receiver;
    return PairReach::separated;
  }
};

Brute& brute_force(const a2a::Network& net, FaultSetView faults) {
  static Brute b;
  b.ports = net.ports;
  for (std::uint32_t i = 0; i < net.ports; ++i)
    for (std::uint32_t w = 0; w < net.ports; ++w) {
      const a2a::Path p = a2a::route(net, i, a2a::StageControl{w, 2, net.stages});
      bool hit = false;
      for (const SwitchFault f : faults.switches) hit = hit || p.hops[f.stage].switch_index == f.switch_index;
      for (const LinkFault f : faults.links) {
        const a2a::Hop h = p.hops[f.stage];
        hit = hit || a2a::wiring::after_stage(net, f.stage, 2 * h.switch_index + h.out_port) == f.terminal;
      }
      b.blocked[i][p.destination] = hit;
    }
  return b;
}

}  // namespace

TEST_CASE("fault sets: the checks refuse each bad list with its own error") {
  const auto net = a2a::make_network(Topology::omega, 16).value();  // 4 stages, 8 switches
  const SwitchFault sw[] = {{1, 2}, {4, 0}, {1, 8}};
  const LinkFault ln[] = {{0, 3}, {3, 0}, {2, 16}};
  CHECK(a2a::check_faults(net, {std::span(sw).first(1), std::span(ln).first(1)}) == a2a::Errc::ok);
  CHECK(a2a::check_faults(net, {std::span(sw).subspan(1, 1), {}}) == a2a::Errc::fault_out_of_range);
  CHECK(a2a::check_faults(net, {std::span(sw).subspan(2, 1), {}}) == a2a::Errc::fault_out_of_range);
  CHECK(a2a::check_faults(net, {{}, std::span(ln).subspan(1, 1)}) == a2a::Errc::link_fault_out_of_range);
  CHECK(a2a::check_faults(net, {{}, std::span(ln).subspan(2, 1)}) == a2a::Errc::link_fault_out_of_range);
  const SwitchFault twice[] = {{1, 2}, {2, 1}, {1, 2}};
  CHECK(a2a::check_faults(net, {twice, {}}) == a2a::Errc::fault_duplicate);
  const LinkFault twice_links[] = {{1, 5}, {1, 5}};
  CHECK(a2a::check_faults(net, {{}, twice_links}) == a2a::Errc::fault_duplicate);
  std::array<SwitchFault, a2a::kMaxFaults + 1> many{};
  for (std::uint32_t k = 0; k < many.size(); ++k) many[k] = {1 + k % 2, k / 2};
  CHECK(a2a::check_faults(net, {many, {}}) == a2a::Errc::faults_too_many);
  CHECK(a2a::check_faults(a2a::make_network(Topology::omega, 16, 4).value(), {}) == a2a::Errc::faults_not_supported);
  CHECK(a2a::check_faults(a2a::make_network(Topology::gsen, 12).value(), {}) == a2a::Errc::faults_not_supported);
  CHECK(a2a::check_faults(a2a::make_network(Topology::shift, 16).value(), {}) == a2a::Errc::faults_not_supported);
  CHECK(FaultMap::make(net, {std::span(sw).subspan(1, 1), {}}).error() == a2a::Errc::fault_out_of_range);
  CHECK(a2a::pair_reach(net, {}, 16, 0).error() == a2a::Errc::port_out_of_range);

  a2a::FaultSet<2> set;
  CHECK(set.add(SwitchFault{1, 2}) == a2a::Errc::ok);
  CHECK(set.add(SwitchFault{1, 2}) == a2a::Errc::fault_duplicate);
  CHECK(set.add(LinkFault{0, 3}) == a2a::Errc::ok);
  CHECK(set.add(LinkFault{0, 4}) == a2a::Errc::faults_too_many);
  CHECK(set.size() == 2);
  CHECK(set.view().switches.size() == 1);
  CHECK(set.view().links[0] == LinkFault{0, 3});
}

TEST_CASE("fault sets: one switch blocks 2N pairs, one link N, as rectangles") {
  // Omega 16, switch (1, 2) (paper 004's E_12): |A| = 4, |B| = 8; link behind stage 1: 4 x 4.
  const auto net = a2a::make_network(Topology::omega, 16).value();
  const SwitchFault sw[] = {{1, 2}};
  const auto m = FaultMap::make(net, {sw, {}}).value();
  CHECK(m.count() == 1);
  CHECK(a2a::detail::fault_popcount(m.blocked(0).fixed_a) == 2);  // n-1-s source bits fixed
  CHECK(a2a::detail::fault_popcount(m.blocked(0).fixed_b) == 1);  // s output bits fixed
  const LinkFault ln[] = {{1, 9}};
  const auto l = FaultMap::make(net, {{}, ln}).value();
  CHECK(a2a::detail::fault_popcount(l.blocked(0).fixed_a) == 2);
  CHECK(a2a::detail::fault_popcount(l.blocked(0).fixed_b) == 2);
  // The first-stage switch 0 takes sources 0 and 8: they reach nothing.
  const SwitchFault first[] = {{0, 0}};
  const auto f = FaultMap::make(net, {first, {}}).value();
  CHECK(f.cannot_send(0));
  CHECK(f.cannot_send(8));
  CHECK_FALSE(f.cannot_send(1));
  CHECK_FALSE(f.cannot_receive(0));
  CHECK(f.reach(0, 5) == PairReach::cut_off_sender);
  CHECK(f.next_undeliverable().found);
  CHECK(f.next_undeliverable().origin == 0);
  CHECK(f.next_undeliverable().destination == 0);
  CHECK(a2a::crosses(net, {first, {}}, 8, 3));
  CHECK_FALSE(a2a::crosses(net, {first, {}}, 1, 3));
}

TEST_CASE("fault sets: FaultMap agrees with the brute force on random sets of switches and links") {
  a2a::test::Lcg rng{2026};
  std::uint32_t relayed = 0;
  std::uint32_t undeliverable = 0;
  for (const Topology t : kBinary) {
    for (std::uint32_t ports = 16; ports <= kUpTo; ports *= 2) {
      const auto net = a2a::make_network(t, ports).value();
      for (std::uint32_t set = 0; set < kSets; ++set) {
        a2a::FaultSet<> faults;
        const std::uint32_t switches = rng.next() % 4;
        const std::uint32_t links = rng.next() % 3;
        for (std::uint32_t k = 0; k < switches; ++k)
          (void)faults.add(SwitchFault{rng.next() % net.stages, rng.next() % net.switches_per_stage()});
        for (std::uint32_t k = 0; k < links; ++k)
          (void)faults.add(LinkFault{rng.next() % (net.stages - 1), rng.next() % ports});
        INFO("topology ", a2a::name(t), " N ", ports, " set ", set);
        const auto m = FaultMap::make(net, faults.view());
        REQUIRE(m.ok());
        const Brute& b = brute_force(net, faults.view());
        bool same = true;
        std::uint32_t blocked = 0;
        for (std::uint32_t i = 0; i < ports; ++i) {
          same = same && m->cannot_send(i) == b.cannot_send(i) && m->cannot_receive(i) == b.cannot_receive(i);
          for (std::uint32_t j = 0; j < ports; ++j) {
            blocked += b.blocked[i][j] ? 1U : 0U;
            relayed += b.reach(i, j) == PairReach::relay ? 1U : 0U;
            undeliverable += a2a::deliverable(b.reach(i, j)) ? 0U : 1U;
            same = same && m->crosses(i, j) == b.blocked[i][j] && m->reach(i, j) == b.reach(i, j);
          }
        }
        CHECK(same);
        CHECK(blocked <= (2 * switches + links) * ports);  // each switch 2N pairs, each link N
        // The undeliverable pairs, enumerated in order, are exactly the brute force's.
        a2a::UndeliverablePair p = m->next_undeliverable();
        bool listed = true;
        for (std::uint32_t i = 0; i < ports; ++i)
          for (std::uint32_t j = 0; j < ports; ++j) {
            if (a2a::deliverable(b.reach(i, j))) continue;
            listed = listed && p.found && p.origin == i && p.destination == j && p.reason == b.reach(i, j);
            p = m->next_after(p);
          }
        CHECK(listed);
        CHECK_FALSE(p.found);
      }
    }
  }
  CHECK(relayed > 0);  // the sweep meets both kinds of blocked pair
  CHECK(undeliverable > 0);
}

TEST_CASE("fault sets: low_pattern is the coset's members among 0 .. 31") {
  for (std::uint32_t mask = 0; mask < 32; ++mask)
    for (std::uint32_t value = 0; value < 32; ++value) {
      std::uint32_t want = 0;
      for (std::uint32_t u = 0; u < 32; ++u)
        if ((u & mask) == (value & mask)) want |= std::uint32_t{1} << u;
      CHECK(a2a::detail::low_pattern(mask | 0xFFE0U, value) == want);  // bits above the fifth do not count
    }
}

namespace {
/// scan_row(i, first) against reach() pair by pair: it visits exactly the j >= first whose
/// path crosses a fault, in order, each with reach(i, j); a visit returning false stops it.
bool row_as_reach(const FaultMap& m, std::uint32_t i, std::uint32_t first) {
  std::uint32_t next = first;  // every j before it checked
  bool same = true;
  const bool stopped = m.scan_row(i, first, [&](std::uint32_t j, PairReach r) {
    for (; next < j; ++next) same = same && !m.crosses(i, next);
    same = same && j == next && m.crosses(i, j) && r == m.reach(i, j);
    ++next;
    return true;
  });
  for (; next < m.network().ports; ++next) same = same && !m.crosses(i, next);
  return same && !stopped;
}
}  // namespace

TEST_CASE("fault sets: scan_row visits the crossing pairs of a row with reach(), at every N and start") {
  a2a::test::Lcg rng{77};
  std::uint32_t rows = 0;
  std::uint32_t stops = 0;
  for (const Topology t : {Topology::omega, Topology::baseline, Topology::banyan, Topology::reverse_banyan}) {
    for (std::uint32_t ports = 4; ports <= kRowsUpTo; ports *= 2) {
      const auto net = a2a::make_network(t, ports).value();
      for (std::uint32_t set = 0; set < 3; ++set) {
        a2a::FaultSet<> faults;
        for (std::uint32_t k = 0; k < 1 + set; ++k)
          (void)faults.add(SwitchFault{rng.next() % net.stages, rng.next() % net.switches_per_stage()});
        if (set == 2 && net.stages > 1) (void)faults.add(LinkFault{rng.next() % (net.stages - 1), rng.next() % ports});
        if (set == 1)
          (void)faults.add(a2a::StuckFault{rng.next() % net.stages, rng.next() % net.switches_per_stage(), 1});
        const auto m = FaultMap::make(net, faults.view());
        if (!m) continue;  // a random list may repeat an element
        INFO("topology ", a2a::name(t), " N ", ports, " set ", set);
        for (std::uint32_t i = 0; i<ports; i += ports> 64 ? 7 : 1) {
          const std::array<std::uint32_t, 6> starts{0, 1, 31, 32, ports / 2 + 3, ports - 1};
          for (const std::uint32_t first : starts) {
            if (first >= ports) continue;
            CHECK(row_as_reach(*m, i, first));
            ++rows;
          }
          // The first crossing pair stops the scan when the visit says so.
          std::uint32_t visits = 0;
          const bool stopped = m->scan_row(i, 0, [&visits](std::uint32_t, PairReach) { return ++visits < 2; });
          CHECK(stopped == (visits == 2));
          stops += stopped ? 1U : 0U;
        }
      }
    }
  }
  CHECK(rows > 500);
  CHECK(stops > 0);
}

TEST_CASE("fault sets: bit_images are route()'s images of the source bits and the stages' flips, N = 4 .. 65536") {
  // The images FaultMap's rectangles are made of, against routed paths: source 1 << b
  // straight, and source 0 with only stage k crossed, at every column and the outputs.
  for (const Topology t : kBinary) {
    for (std::uint32_t n = 2; n <= kImagesUpTo; ++n) {
      const auto net = a2a::make_network(t, std::uint32_t{1} << n).value();
      for (std::uint32_t s = 0; s < n; ++s) {
        for (const bool link : {false, true}) {
          INFO("topology ", a2a::name(t), " n ", n, " stage ", s, " link ", link);
          a2a::detail::BitImages images;
          REQUIRE(a2a::detail::bit_images(net, s, link, images));
          auto column = [&](const a2a::Path& p) {
            const a2a::Hop h = p.hops[s];
            return link ? a2a::wiring::after_stage(net, s, 2 * h.switch_index + h.out_port)
                        : 2 * h.switch_index + h.in_port;
          };
          bool same = true;
          for (std::uint32_t b = 0; b < n; ++b) {
            const a2a::Path source = a2a::route(net, std::uint32_t{1} << b, a2a::StraightConfiguration{});
            same = same && images.source_column[b] == column(source) && images.source_output[b] == source.destination;
            const a2a::Path flip = a2a::route(net, 0, a2a::StageControl{std::uint32_t{1} << (n - 1 - b), 2, n});
            same = same && images.flip_output[b] == flip.destination;
            if (b < (link ? s + 1 : s)) same = same && images.flip_column[b] == column(flip);
          }
          CHECK(same);
        }
      }
    }
  }
}
