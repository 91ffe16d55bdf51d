// a2a: the planner's host command-line tool. Declares the subcommands on the
// command line (CLI11, cli_app.hpp) and runs the one named; every failure is a
// message naming the problem and exit status 2.
//
//   a2a list | plan | dump | verify | render | table | search | config | device | budget | diagnose | frames
//       [options]   (a2a <command> --help)
#include "cli_app.hpp"
#include "commands.hpp"

int main(int argc, char** argv) {
  a2a::tool::CommandLine cli;
  // In the order `a2a --help` lists them.
  for (auto* add : {a2a::tool::add_list_command, a2a::tool::add_plan_command, a2a::tool::add_dump_command,
                    a2a::tool::add_verify_command, a2a::tool::add_render_command, a2a::tool::add_table_command,
                    a2a::tool::add_search_command, a2a::tool::add_config_command, a2a::tool::add_device_command,
                    a2a::tool::add_budget_command, a2a::tool::add_diagnose_command, a2a::tool::add_frames_command})
    add(cli);
  return cli.run(argc, argv);
}
