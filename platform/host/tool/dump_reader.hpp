// Reads a schedule dump (JSON, docs/conventions.md "The schedule dump"; the
// stable form in docs/dump-format.md) into a Plan. Every field is checked for
// type, range and consistency with the network it describes; a bad dump is a
// UsageError naming the file, the field and the problem, never a crash.
#pragma once

#include <istream>
#include <memory>
#include <string>

#include "plan.hpp"

namespace a2a::tool {

/// `path` "-" reads standard input.
std::unique_ptr<Plan> read_dump_file(const std::string& path);
/// `source_name` is used in messages only.
std::unique_ptr<Plan> read_dump(std::istream& in, const std::string& source_name);

}  // namespace a2a::tool
