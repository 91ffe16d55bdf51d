// The subcommands. Each is declared on the command line by one small function
// (its name, usage, description and options; cli_app.hpp) that names the function
// running it; a run gets the parsed options, prints to stdout, reports problems by
// throwing UsageError and returns the exit status. Adding a subcommand: write its
// add_*_command and list it in main.cpp.
#pragma once

#include <CLI/CLI.hpp>

#include "cli_app.hpp"

namespace a2a::tool {

void add_list_command(CommandLine& cli);
void add_plan_command(CommandLine& cli);
void add_dump_command(CommandLine& cli);
void add_verify_command(CommandLine& cli);
void add_render_command(CommandLine& cli);
void add_table_command(CommandLine& cli);
void add_config_command(CommandLine& cli);
void add_device_command(CommandLine& cli);
void add_budget_command(CommandLine& cli);
void add_diagnose_command(CommandLine& cli);
void add_search_command(CommandLine& cli);
void add_frames_command(CommandLine& cli);

/// --topology --ports --radix --schedule --order --fault --fault-link --degraded and
/// (unless `with_input` is false) --input, with their help: what plan, dump, verify,
/// render and config encode share.
void add_schedule_options(CLI::App& app, bool with_input = true);

}  // namespace a2a::tool
