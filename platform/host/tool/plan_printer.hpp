// The `a2a plan` table: one row per round with the round's configuration
// (stage word, alternating configuration, or every switch state) and, for each
// port, its destination and forward tag, or idle.
#pragma once

#include <ostream>

#include "plan.hpp"

namespace a2a::tool {

void print_plan_table(const Plan& plan, std::ostream& out);

}  // namespace a2a::tool
