// The SAT encoding of "these R configurations complete the exchange" for a binary
// (d = 2) network of any topology the core knows.
//
// Per free round r: one variable per switch (1 = cross). Per round and source i, the
// prefix tree of the paths out of i (a node per sequence of output ports taken so far,
// found with the core's route() by forcing the output ports): a node variable implies
// its parent and the state its last switch needs, so a leaf can be true only when the
// whole path is set that way. Per request (i, j) still to be served: one clause, the
// disjunction of the leaves that reach j over every free round. Nodes whose subtree
// serves no open request are not encoded.
//
// Symmetry: rounds can be permuted, and input 0 reaches one output per round, so the
// open requests (0, j) need distinct rounds; free round k is made to serve the k-th of
// them ("anchors"). That removes the R! orderings of a solution and is sound: any
// solution can be renumbered so.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "a2a/network.hpp"
#include "a2a/search/config_set.hpp"

namespace a2a::search {

/// A configuration that forces every output port from a tag (stage 0 the most
/// significant bit), so route() walks the path with that tag whatever the states.
struct ForcedTag {
  std::uint32_t tag{0};
  std::uint32_t stages{0};
  [[nodiscard]] std::uint32_t switch_state(std::uint32_t, std::uint32_t) const { return 0; }
  [[nodiscard]] std::uint32_t forced_port(std::uint32_t s, std::uint32_t) const {
    return (tag >> (stages - 1 - s)) & 1U;
  }
};

/// The path trees of every source (d = 2). Node of depth k (1..n) with output-port
/// prefix p has index 2^k - 2 + p; its switch is at stage k - 1.
struct PathTrees {
  struct Node {
    std::uint32_t switch_index{0};
    std::uint8_t state{0};  ///< the state the switch needs for this step (in port xor out port)
  };
  Network net{};
  std::uint32_t nodes_per_source{0};  ///< 2^(n+1) - 2
  std::vector<Node> nodes;            ///< [source * nodes_per_source + node]
  std::vector<std::uint32_t> leaf;    ///< [source * 2^n + tag]: the output reached (>= N: none)

  [[nodiscard]] std::uint32_t tags() const { return std::uint32_t{1} << net.stages; }
};

/// Builds the trees with route(); the network must have radix 2.
[[nodiscard]] PathTrees build_path_trees(const Network& net);

/// What the free rounds must still serve.
struct Problem {
  std::uint32_t free_rounds{0};
  std::vector<bool> open;              ///< [i * N + j]: (i, j) is served by no fixed round
  std::vector<std::uint32_t> anchors;  ///< free round k serves (0, anchors[k])
  bool break_symmetry{true};
};

/// Open requests and anchors when the rounds in `fixed` are kept as they are.
[[nodiscard]] Problem make_problem(const PathTrees& trees, const ConfigSet& fixed, std::uint32_t free_rounds);

/// A CNF in DIMACS order: clauses as literals, each ended by 0.
struct Cnf {
  std::int32_t variables{0};
  std::uint64_t clauses{0};
  std::vector<std::int32_t> literals;
};

/// The encoding; switch y of stage s in free round r is variable 1 + r * n * W + s * W + y.
[[nodiscard]] Cnf encode(const PathTrees& trees, const Problem& problem);

/// The free rounds' states from a model (model[v] for variable v, index 0 unused).
[[nodiscard]] std::vector<std::vector<std::uint8_t>> decode(const PathTrees& trees, const Problem& problem,
                                                            const std::vector<bool>& model);

/// Writes `cnf` as DIMACS; false (and errno set) when the file cannot be written.
[[nodiscard]] bool write_dimacs(const Cnf& cnf, const std::string& path);

}  // namespace a2a::search
