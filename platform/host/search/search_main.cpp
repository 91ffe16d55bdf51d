// Standalone driver of the configuration-set search until the tool wires it in as
// `a2a search` (same options, docs/search.md).
#include <iostream>
#include <string>

#include "a2a/search/search.hpp"

int main(int argc, char** argv) {
  a2a::search::SearchOptions options;
  bool help = false;
  std::string error;
  if (!a2a::search::parse_arguments(argc, argv, options, help, error)) {
    std::cerr << "a2a search: error: " << error << "\n" << a2a::search::usage();
    return 2;
  }
  if (help) {
    std::cout << a2a::search::usage();
    return 0;
  }
  return a2a::search::run(options, std::cout, std::cerr);
}
