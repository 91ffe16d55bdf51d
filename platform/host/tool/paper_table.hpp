// `a2a table`: for each even N, the rounds a GSEN all-to-all exchange takes with
// the schedules the core has, next to paper 000's R(N) and R_sc(N) (Fig. 14).
#pragma once

#include <cstdint>
#include <optional>
#include <ostream>
#include <string>

#include <a2a/a2a.hpp>

namespace a2a::tool {

/// Fig. 14 of paper 000 for even N in 4..128: R(N) as printed ("<=40" for an
/// upper bound) and R_sc(N). Empty outside that range or for odd N.
std::optional<std::string> paper_r(std::uint32_t ports);
std::optional<std::uint32_t> paper_r_sc(std::uint32_t ports);

/// Rows for even N from `from` to `to`; one column per schedule (or only `only`).
void print_round_table(std::uint32_t from, std::uint32_t to, std::optional<ScheduleKind> only, std::ostream& out);

}  // namespace a2a::tool
