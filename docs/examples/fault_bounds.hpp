// The lower bound of docs/fault-tolerance.md ("Lower bound") on the rounds of an
// exchange around one dead switch of stage s: N + 1 + ceil(N / (2^m - 1)),
// m = min(s, n-1-s). Shared by the table programs of this folder (fault_table.cpp,
// diagnosis_tables.cpp); written from the page's derivation, not from the planner.
#pragma once

#include <cstdint>

inline std::uint32_t dead_switch_lower_bound(std::uint32_t ports, std::uint32_t n, std::uint32_t s) {
  const std::uint32_t m = s < n - 1 - s ? s : n - 1 - s;
  return ports + 1 + (ports + (1U << m) - 2) / ((1U << m) - 1);
}
