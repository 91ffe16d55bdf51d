#include "a2a/search/columns.hpp"

#include <algorithm>

#include "stage_check.hpp"

namespace a2a::search {
namespace {

/// Best-first descent over the stages, class by class, as the sampler goes: `bound_` is
/// the sum over the classes of the best tag price under each class's prefix so far, so
/// a branch whose bound cannot beat the K-th best round found is cut.
class Pricer {
 public:
  Pricer(const PathTrees& trees, std::uint32_t period, const std::vector<double>& duals, double above, std::size_t most)
      : check_(trees, period), period_(period), stages_(trees.net.stages), above_(above), most_(most) {
    const std::uint32_t tags = trees.tags();
    const std::uint32_t n = trees.net.ports;
    best_.assign(static_cast<std::size_t>(period) * (2 * tags - 1), 0.0);
    // Leaves (depth n) first: what class r's tag t serves, then each prefix's best.
    for (std::uint32_t i = 0; i < n; ++i)
      for (std::uint32_t t = 0; t < tags; ++t) {
        const std::uint32_t j = trees.leaf[static_cast<std::size_t>(i) * tags + t];
        if (j < n) at(i % period, stages_, t) += duals[static_cast<std::size_t>(i) * n + j];
      }
    for (std::uint32_t r = 0; r < period; ++r)
      for (std::uint32_t depth = stages_; depth-- > 0;)
        for (std::uint32_t p = 0; p < (1U << depth); ++p)
          at(r, depth, p) = std::max(at(r, depth + 1, 2 * p), at(r, depth + 1, 2 * p + 1));
  }

  std::vector<PricedRound> run() {
    std::vector<std::uint32_t> prefixes(period_, 0);
    bound_ = 0;
    for (std::uint32_t r = 0; r < period_; ++r) bound_ += at(r, 0, 0);
    descend(0, 0, prefixes);
    std::sort(found_.begin(), found_.end(), [](const PricedRound& a, const PricedRound& b) {
      return a.price != b.price ? a.price > b.price : a.tags < b.tags;
    });
    return std::move(found_);
  }

 private:
  double& at(std::uint32_t r, std::uint32_t depth, std::uint32_t prefix) {
    return best_[static_cast<std::size_t>(r) * (best_.size() / period_) + (1U << depth) - 1U + prefix];
  }

  /// The price a round must beat to be kept: `above`, or the worst kept once `most` are.
  [[nodiscard]] double threshold() const { return found_.size() < most_ ? above_ : std::max(above_, worst_); }

  void keep(const std::vector<std::uint32_t>& tags) {
    if (found_.size() < most_) {
      found_.push_back({tags, bound_});
    } else {
      auto low = std::min_element(found_.begin(), found_.end(),
                                  [](const PricedRound& a, const PricedRound& b) { return a.price < b.price; });
      *low = {tags, bound_};
    }
    if (found_.size() == most_)
      worst_ = std::min_element(found_.begin(), found_.end(), [](const PricedRound& a, const PricedRound& b) {
                 return a.price < b.price;
               })->price;
  }

  void descend(std::uint32_t depth, std::uint32_t cls, std::vector<std::uint32_t>& prefixes) {
    if (cls == period_) {
      cls = 0;
      if (++depth == stages_) {
        keep(prefixes);
        return;
      }
    }
    const std::uint32_t kept = prefixes[cls];
    const double here = at(cls, depth, kept);
    const double child[2] = {at(cls, depth + 1, 2 * kept), at(cls, depth + 1, 2 * kept + 1)};
    const std::uint32_t first = child[1] > child[0] ? 1U : 0U;
    for (std::uint32_t k = 0; k < 2; ++k) {
      const std::uint32_t bit = first ^ k;
      const double bound = bound_ - here + child[bit];
      if (bound <= threshold() + 1e-9) continue;
      prefixes[cls] = (kept << 1) | bit;
      if (!check_.consistent(depth, cls, prefixes)) continue;
      const double saved = bound_;
      bound_ = bound;
      descend(depth, cls + 1, prefixes);
      bound_ = saved;
    }
    prefixes[cls] = kept;
  }

  StageCheck check_;
  std::uint32_t period_, stages_;
  double above_;
  std::size_t most_;
  std::vector<double> best_;  ///< [r][node]: class r's best tag price under a prefix
  double bound_{0};
  double worst_{0};
  std::vector<PricedRound> found_;
};

}  // namespace

std::vector<PricedRound> price_periodic_rounds(const PathTrees& trees, std::uint32_t period,
                                               const std::vector<double>& duals, double above, std::size_t most) {
  if (most == 0 || period == 0 || trees.net.ports % period != 0) return {};
  return Pricer(trees, period, duals, above, most).run();
}

}  // namespace a2a::search
