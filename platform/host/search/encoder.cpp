#include "a2a/search/encoder.hpp"

#include <charconv>
#include <cstdio>

#include "a2a/route.hpp"

namespace a2a::search {
namespace {

std::uint32_t node_index(std::uint32_t depth, std::uint32_t prefix) { return (1U << depth) - 2U + prefix; }

}  // namespace

PathTrees build_path_trees(const Network& net) {
  PathTrees trees;
  trees.net = net;
  const std::uint32_t n = net.stages;
  trees.nodes_per_source = (2U << n) - 2U;
  trees.nodes.resize(static_cast<std::size_t>(net.ports) * trees.nodes_per_source);
  trees.leaf.resize(static_cast<std::size_t>(net.ports) * trees.tags());
  for (std::uint32_t i = 0; i < net.ports; ++i) {
    for (std::uint32_t tag = 0; tag < trees.tags(); ++tag) {
      const Path path = route(net, i, ForcedTag{tag, n});
      trees.leaf[static_cast<std::size_t>(i) * trees.tags() + tag] = path.destination;
      for (std::uint32_t depth = 1; depth <= n; ++depth) {
        const Hop& hop = path.hops[depth - 1];
        trees.nodes[static_cast<std::size_t>(i) * trees.nodes_per_source + node_index(depth, tag >> (n - depth))] =
            PathTrees::Node{hop.switch_index, static_cast<std::uint8_t>((hop.in_port ^ hop.out_port) & 1U)};
      }
    }
  }
  return trees;
}

Problem make_problem(const PathTrees& trees, const ConfigSet& fixed, std::uint32_t free_rounds) {
  const std::uint32_t n = trees.net.ports;
  Problem problem;
  problem.free_rounds = free_rounds;
  problem.open.assign(static_cast<std::size_t>(n) * n, true);
  const SetSchedule schedule(fixed);
  for (std::uint32_t r = 0; r < fixed.rounds(); ++r)
    for (std::uint32_t i = 0; i < n; ++i)
      if (const PortSend send = schedule.send(schedule.round(r), i); send.sends)
        problem.open[static_cast<std::size_t>(i) * n + send.destination] = false;
  for (std::uint32_t j = 0; j < n && problem.anchors.size() < free_rounds; ++j)
    if (problem.open[j]) problem.anchors.push_back(j);
  return problem;
}

namespace {

/// encode()'s numbering: variable 1 + r * per_round + stage * w + switch is a switch's
/// state in free round r; after them, per round and source, one variable per path-tree
/// node that leads to an open request (compact numbering per source).
class Encoding {
 public:
  Encoding(const PathTrees& trees, const Problem& problem)
      : trees_(trees),
        problem_(problem),
        n_(trees.net.ports),
        stages_(trees.net.stages),
        w_(trees.net.switches_per_stage()),
        per_round_(stages_ * w_),
        tags_(trees.tags()),
        m_(trees.nodes_per_source),
        compact_(static_cast<std::size_t>(n_) * m_, -1),
        source_base_(n_ + 1, 0) {
    std::vector<std::uint32_t> used(n_, 0);
    for (std::uint32_t i = 0; i < n_; ++i) {
      for (std::uint32_t tag = 0; tag < tags_; ++tag) {
        const std::uint32_t j = trees.leaf[static_cast<std::size_t>(i) * tags_ + tag];
        if (j >= n_ || !problem.open[static_cast<std::size_t>(i) * n_ + j]) continue;
        for (std::uint32_t depth = 1; depth <= stages_; ++depth) {
          std::int32_t& slot = compact_[static_cast<std::size_t>(i) * m_ + node_index(depth, tag >> (stages_ - depth))];
          if (slot < 0) slot = static_cast<std::int32_t>(used[i]++);
        }
      }
    }
    for (std::uint32_t i = 0; i < n_; ++i) source_base_[i + 1] = source_base_[i] + used[i];
    nodes_per_round_ = source_base_[n_];
    first_node_ = static_cast<std::int64_t>(problem.free_rounds) * per_round_ + 1;
  }

  [[nodiscard]] std::int32_t variables() const {
    return static_cast<std::int32_t>(first_node_ + nodes_per_round_ * problem_.free_rounds - 1);
  }

  /// A node is reached only through its switch's state and its parent node.
  void path_clauses(Cnf& cnf) const {
    for (std::uint32_t r = 0; r < problem_.free_rounds; ++r) {
      for (std::uint32_t i = 0; i < n_; ++i) {
        for (std::uint32_t depth = 1; depth <= stages_; ++depth) {
          for (std::uint32_t p = 0; p < (1U << depth); ++p) {
            const std::uint32_t node = node_index(depth, p);
            if (compact_[static_cast<std::size_t>(i) * m_ + node] < 0) continue;
            const std::int32_t v = node_var(r, i, node);
            clause(cnf, {-v, switch_lit(r, depth - 1, trees_.nodes[static_cast<std::size_t>(i) * m_ + node])});
            if (depth > 1) clause(cnf, {-v, node_var(r, i, node_index(depth - 1, p >> 1))});
          }
        }
      }
    }
  }

  /// Every open request in some free round; the anchors (break_symmetry) in their round.
  void request_clauses(Cnf& cnf) const {
    const std::uint32_t leaf0 = node_index(stages_, 0);
    for (std::uint32_t i = 0; i < n_; ++i) {
      for (std::uint32_t j = 0; j < n_; ++j) {
        if (!problem_.open[static_cast<std::size_t>(i) * n_ + j]) continue;
        for (std::uint32_t r = 0; r < problem_.free_rounds; ++r)
          for (std::uint32_t tag = 0; tag < tags_; ++tag)
            if (trees_.leaf[static_cast<std::size_t>(i) * tags_ + tag] == j)
              cnf.literals.push_back(node_var(r, i, leaf0 + tag));
        cnf.literals.push_back(0);
        ++cnf.clauses;
      }
    }
    if (!problem_.break_symmetry) return;
    for (std::uint32_t k = 0; k < problem_.anchors.size(); ++k) {
      for (std::uint32_t tag = 0; tag < tags_; ++tag)
        if (trees_.leaf[tag] == problem_.anchors[k]) cnf.literals.push_back(node_var(k, 0, leaf0 + tag));
      cnf.literals.push_back(0);
      ++cnf.clauses;
    }
  }

 private:
  static void clause(Cnf& cnf, std::initializer_list<std::int32_t> lits) {
    cnf.literals.insert(cnf.literals.end(), lits);
    cnf.literals.push_back(0);
    ++cnf.clauses;
  }
  [[nodiscard]] std::int32_t node_var(std::uint32_t r, std::uint32_t i, std::uint32_t node) const {
    return static_cast<std::int32_t>(first_node_ + nodes_per_round_ * r + source_base_[i] +
                                     compact_[static_cast<std::size_t>(i) * m_ + node]);
  }
  [[nodiscard]] std::int32_t switch_lit(std::uint32_t r, std::uint32_t stage, const PathTrees::Node& node) const {
    const auto x = static_cast<std::int32_t>(1 + r * per_round_ + stage * w_ + node.switch_index);
    return node.state != 0 ? x : -x;
  }

  const PathTrees& trees_;
  const Problem& problem_;
  std::uint32_t n_, stages_, w_, per_round_, tags_, m_;
  std::vector<std::int32_t> compact_;
  std::vector<std::int64_t> source_base_;
  std::int64_t nodes_per_round_{0};
  std::int64_t first_node_{0};
};

}  // namespace

Cnf encode(const PathTrees& trees, const Problem& problem) {
  const Encoding encoding(trees, problem);
  Cnf cnf;
  cnf.variables = encoding.variables();
  encoding.path_clauses(cnf);
  encoding.request_clauses(cnf);
  return cnf;
}

std::vector<std::vector<std::uint8_t>> decode(const PathTrees& trees, const Problem& problem,
                                              const std::vector<bool>& model) {
  const std::uint32_t per_round = trees.net.stages * trees.net.switches_per_stage();
  std::vector<std::vector<std::uint8_t>> rounds(problem.free_rounds, std::vector<std::uint8_t>(per_round, 0));
  for (std::uint32_t r = 0; r < problem.free_rounds; ++r)
    for (std::uint32_t k = 0; k < per_round; ++k) {
      const std::size_t v = 1 + static_cast<std::size_t>(r) * per_round + k;
      rounds[r][k] = (v < model.size() && model[v]) ? 1 : 0;
    }
  return rounds;
}

bool write_dimacs(const Cnf& cnf, const std::string& path) {
  std::FILE* file = std::fopen(path.c_str(), "wb");
  if (file == nullptr) return false;
  std::fprintf(file, "p cnf %d %llu\n", cnf.variables, static_cast<unsigned long long>(cnf.clauses));
  std::vector<char> buffer;
  buffer.reserve(1U << 20);
  char number[16];
  for (const std::int32_t lit : cnf.literals) {
    const auto end = std::to_chars(number, number + sizeof number, lit).ptr;
    buffer.insert(buffer.end(), number, end);
    buffer.push_back(lit == 0 ? '\n' : ' ');
    if (buffer.size() > (1U << 20) - 32) {
      std::fwrite(buffer.data(), 1, buffer.size(), file);
      buffer.clear();
    }
  }
  std::fwrite(buffer.data(), 1, buffer.size(), file);
  return std::fclose(file) == 0;
}

}  // namespace a2a::search
