// a2a/gsen_paths.hpp: GSEN paths walked bit by bit, against route() through the wiring;
// word -> tag is a bijection for every input and word_for_tag() its inverse (paper 000,
// Lemmas 3.3 and 3.5).
#include <a2a/gsen_paths.hpp>

#include <a2a/route.hpp>
#include <a2a/topology.hpp>

#include "a2a_test.hpp"

namespace gsen_paths_unit {
using namespace a2a;
static_assert(pattern_block(GsenPattern::stage) == 0 && pattern_block(GsenPattern::alternating) == 1 &&
              pattern_block(GsenPattern::doubly_alternating) == 2 &&
              pattern_block(GsenPattern::quadruply_alternating) == 4);
static_assert(control_mode(GsenPattern::doubly_alternating) == ControlMode::doubly_alternating);
static_assert(name(GsenPattern::quadruply_alternating) == "quadruply-alternating");
// Switch y of stage s: pattern(y) xor a_s; word 0b1000 on 4 stages sets a_0 = 1.
static_assert(GsenWalker(10, 4, GsenPattern::doubly_alternating).switch_state(0b1000, 0, 2) == 0);
static_assert(GsenWalker(10, 4, GsenPattern::doubly_alternating).switch_state(0b1000, 0, 1) == 1);

/// The walker's word as a Configuration for route().
struct WordConfiguration {
  GsenWalker walker;
  std::uint32_t word;
  [[nodiscard]] constexpr std::uint32_t switch_state(std::uint32_t s, std::uint32_t y) const {
    return walker.switch_state(word, s, y);
  }
};
}  // namespace gsen_paths_unit

TEST_CASE("gsen paths: the walk is route()'s, and word_for_tag inverts it") {
  using namespace a2a;
  for (const std::uint32_t n : {6U, 12U, 20U, 36U}) {
    const Network net = make_network(Topology::gsen, n).value();
    const std::uint32_t words = 1U << net.stages;
    for (const GsenPattern p : kAllGsenPatterns) {
      const GsenWalker walker(n, net.stages, p);
      for (std::uint32_t i = 0; i < n; ++i)
        for (std::uint32_t word = 0; word < words; ++word) {
          INFO("N = ", n, " pattern ", name(p), " input ", i, " word ", word);
          const GsenArrival arrival = walker.arrive(i, word);
          const Path path = route(net, i, gsen_paths_unit::WordConfiguration{walker, word});
          CHECK(arrival.destination == path.destination);
          CHECK(arrival.tag == path.tag);
          CHECK(walker.word_for_tag(i, arrival.tag) == word);
          CHECK(arrival.destination == (i * words + arrival.tag) % n);  // Lemma 3.3
        }
    }
  }
}
