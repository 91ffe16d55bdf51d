// What the general fault planner (general_fault_planner.hpp) plans: the faults as blocked
// rectangles (FaultMap), the straight permutation P and the regular rounds' vectors.
#pragma once

#include <array>
#include <cstdint>

#include "a2a/fault/detail/translation_rounds.hpp"
#include "a2a/fault/fault_set.hpp"

namespace a2a {

/// What the planner plans: the faults, P and the regular rounds' vectors.
struct FaultProblem : detail::TranslationRounds {
  std::uint32_t ports{0};
  FaultMap faults{};
};

}  // namespace a2a
