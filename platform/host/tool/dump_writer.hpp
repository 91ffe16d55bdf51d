// Writes a whole Plan as the stable schedule dump: JSON in the form of
// docs/conventions.md ("The schedule dump"), or CSV with one row per
// (round, port). Both are specified in docs/dump-format.md.
#pragma once

#include <ostream>

#include "plan.hpp"

namespace a2a::tool {

/// One round per "rounds" entry; one line per send, so dumps diff well.
void write_json_dump(const Plan& plan, std::ostream& out);
/// Header row, then one row per (round, port), idle ports included.
void write_csv_dump(const Plan& plan, std::ostream& out);

}  // namespace a2a::tool
