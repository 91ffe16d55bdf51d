// How the large-neighbourhood search (lns.hpp) picks the rounds it frees.
//
// An attempt frees K rounds of the best set, keeps the other R - K fixed, and asks the
// solver for K - 1 rounds that serve every pair the fixed rounds leave open. That can
// only succeed when every input, and every output, has at most K - 1 open pairs: among
// the freed rounds each input needs one whose pair some fixed round serves as well (or
// one in which it routes to no output). So the neighbourhoods that work are the rounds
// whose pairs are served more than once ("redundant"), and rounds that share pairs with
// one another ("related": freeing both frees the shared pair once); "random" keeps the
// search from circling. `fits` is that necessary test, made before any solver runs.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "a2a/search/config_set.hpp"
#include "a2a/search/encoder.hpp"

namespace a2a::search {

/// The pairs every round of a set routes (each input's path, whether or not an earlier
/// round served its pair), and how many rounds route each pair.
class Coverage {
 public:
  explicit Coverage(const ConfigSet& set);

  [[nodiscard]] std::uint32_t rounds() const { return rounds_; }
  [[nodiscard]] std::uint32_t ports() const { return ports_; }
  /// The output input i reaches in round r (>= N: none, a GSEN's tag beyond N).
  [[nodiscard]] std::uint32_t destination(std::uint32_t r, std::uint32_t i) const {
    return destination_[static_cast<std::size_t>(r) * ports_ + i];
  }
  /// How many rounds route (i, j).
  [[nodiscard]] std::uint32_t covers(std::uint32_t i, std::uint32_t j) const {
    return covers_[static_cast<std::size_t>(i) * ports_ + j];
  }
  /// Inputs of round r whose pair another round routes too, or that reach no output.
  [[nodiscard]] std::uint32_t slack(std::uint32_t r) const;
  /// Pairs that rounds r and q both route.
  [[nodiscard]] std::uint32_t common(std::uint32_t r, std::uint32_t q) const;

 private:
  std::uint32_t rounds_;
  std::uint32_t ports_;
  std::vector<std::uint32_t> destination_;  ///< [r * N + i]
  std::vector<std::uint16_t> covers_;       ///< [i * N + j]
};

enum class Neighbourhood : std::uint8_t { random, redundant, related };
inline constexpr std::uint32_t kNeighbourhoods = 3;

[[nodiscard]] const char* name(Neighbourhood neighbourhood);

/// splitmix64: a run's seed and an attempt's number give the same choice on any machine.
class Random {
 public:
  Random(std::uint64_t seed, std::uint64_t stream) : state_(seed * 0x9e3779b97f4a7c15ULL + stream) {}
  std::uint64_t next() {
    std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }
  /// A number in [0, bound); bound > 0.
  std::uint32_t below(std::uint32_t bound) { return static_cast<std::uint32_t>(next() % bound); }

 private:
  std::uint64_t state_;
};

/// K distinct rounds of the set (K <= rounds), sorted, chosen the neighbourhood's way.
[[nodiscard]] std::vector<std::uint32_t> choose_rounds(const Coverage& coverage, Neighbourhood neighbourhood,
                                                       std::uint32_t k, Random& random);

/// The open pairs when `freed` rounds are taken out, and whether they can fit into
/// `free` new rounds as far as counting tells: no input or output with more open pairs.
struct FreedShape {
  std::uint64_t open{0};
  std::uint32_t busiest{0};  ///< the most open pairs of one input or one output
  std::uint32_t ports{0};
  std::vector<std::uint32_t> input_open;                       ///< [i]: open pairs of input i
  std::vector<std::uint32_t> output_open;                      ///< [j]: open pairs of output j
  std::vector<std::pair<std::uint32_t, std::uint32_t>> pairs;  ///< the open pairs
  /// A round serves at most N pairs and at most one of each input and each output.
  [[nodiscard]] bool fits(std::uint32_t free) const { return busiest <= free && open <= std::uint64_t{free} * ports; }
  /// Inputs and outputs with `free` open pairs: each new round must serve them all.
  [[nodiscard]] std::uint32_t tight(std::uint32_t free) const;
};
/// `also`: pairs that the kept rounds serve but the new rounds must serve as well (a shift).
[[nodiscard]] FreedShape freed_shape(const Coverage& coverage, const std::vector<std::uint32_t>& freed,
                                     const std::vector<std::pair<std::uint32_t, std::uint32_t>>& also = {});

/// The pairs with a single path, and the switch output ports those paths take: such a
/// port carries one signal a round, so `k` rounds carry at most k pairs that need it
/// (the argument of bounds.hpp, applied to the pairs an attempt leaves open).
class SinglePaths {
 public:
  explicit SinglePaths(const PathTrees& trees);
  /// The tag of (i, j)'s one path, or none (two paths).
  [[nodiscard]] bool single(std::uint32_t i, std::uint32_t j) const {
    return tag_[static_cast<std::size_t>(i) * ports_ + j] != kNone;
  }
  /// The most of `pairs` that need one (stage, switch, output port).
  [[nodiscard]] std::uint32_t busiest_port(const std::vector<std::pair<std::uint32_t, std::uint32_t>>& pairs) const;

 private:
  static constexpr std::uint32_t kNone = 0xFFFFFFFFU;
  const PathTrees& trees_;
  std::uint32_t ports_;
  std::vector<std::uint32_t> tag_;  ///< [i * N + j]
};

/// The set without the rounds it does not need: while some round routes only pairs
/// that other rounds route too (or none), the first such round is dropped.
[[nodiscard]] ConfigSet drop_unneeded_rounds(const ConfigSet& set);

}  // namespace a2a::search
