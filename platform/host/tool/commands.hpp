// The subcommands. Each takes the words after its name, prints to stdout,
// reports problems by throwing UsageError, and returns the exit code.
#pragma once

#include <span>
#include <string>

namespace a2a::tool {

int run_list(std::span<const std::string> argv);
int run_plan(std::span<const std::string> argv);
int run_dump(std::span<const std::string> argv);
int run_verify(std::span<const std::string> argv);
int run_render(std::span<const std::string> argv);
int run_table(std::span<const std::string> argv);
int run_config(std::span<const std::string> argv);
int run_device(std::span<const std::string> argv);
int run_budget(std::span<const std::string> argv);

}  // namespace a2a::tool
