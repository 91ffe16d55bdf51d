// a2a_register_export: prints what the register table (register_table.hpp) generates,
// and checks or updates the generated copies in the repository.
//   a2a_register_export markdown <region>         the Markdown of one region of the doc
//   a2a_register_export svd [ports stages base]   CMSIS-SVD (default: 256 ports, 16 stages, 0x20300000)
//   a2a_register_export check-doc <register-map.md>   exit 1 if a generated region differs
//   a2a_register_export update-doc <register-map.md>  rewrite the generated regions
//   a2a_register_export check-svd <file.svd>          exit 1 if it is not the default SVD
// The tests run the check commands, so the doc and docs/a2a-fabric.svd fail the build's
// tests when they disagree with the code; update-doc and `svd >` regenerate them.
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>

#include "register_export.hpp"

namespace {

using namespace a2a::hal::map::exporter;

// Prints a message on stderr and returns `status`, so error paths stay one line.
int fail(const std::string& message, int status) {
  std::cerr << message << '\n';
  return status;
}

bool read_file(const char* path, std::string& text) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  std::ostringstream s;
  s << in.rdbuf();
  text = s.str();
  return true;
}

// The span of region `name`'s contents in `doc` (after the begin line, up to the end line).
bool find_region(const std::string& doc, std::string_view name, std::size_t& from, std::size_t& to) {
  const std::string begin = "<!-- " + std::string(name) + ":begin -->\n";
  const std::string end = "<!-- " + std::string(name) + ":end -->";
  const std::size_t b = doc.find(begin);
  if (b == std::string::npos) return false;
  from = b + begin.size();
  to = doc.find(end, from);
  return to != std::string::npos;
}

// The first line where two texts differ (1-based), to point the reader at it.
std::size_t first_difference(const std::string& a, const std::string& b, std::string& line_a, std::string& line_b) {
  std::istringstream sa(a);
  std::istringstream sb(b);
  for (std::size_t n = 1;; ++n) {
    const bool more_a = static_cast<bool>(std::getline(sa, line_a));
    const bool more_b = static_cast<bool>(std::getline(sb, line_b));
    if (!more_a) line_a = "(end)";
    if (!more_b) line_b = "(end)";
    if (!more_a && !more_b) return 0;
    if (!more_a || !more_b || line_a != line_b) return n;
  }
}

int check_doc(const char* path, bool update) {
  std::string doc;
  if (!read_file(path, doc)) return fail(std::string("cannot read ") + path, 2);
  int status = 0;
  for (std::string_view name : kRegions) {
    std::size_t from = 0;
    std::size_t to = 0;
    if (!find_region(doc, name, from, to)) {
      status = fail(std::string(path) + ": no region <!-- " + std::string(name) + ":begin/end -->", 1);
      continue;
    }
    const std::string want = markdown(name);
    const std::string have = doc.substr(from, to - from);
    if (have == want) continue;
    if (update) {
      doc.replace(from, to - from, want);
      continue;
    }
    std::string a;
    std::string b;
    const std::size_t line = first_difference(have, want, a, b);
    std::string message = std::string(path) + ": region " + std::string(name);
    message.append(" differs from the register table at its line ").append(std::to_string(line));
    message.append("\n  doc:  ").append(a).append("\n  code: ").append(b);
    status = fail(message, 1);
  }
  if (update && status == 0) {
    std::ofstream out(path, std::ios::binary);
    out << doc;
    if (!out) return fail(std::string("cannot write ") + path, 2);
  }
  if (status != 0) fail(std::string("regenerate with: a2a_register_export update-doc ") + path, status);
  return status;
}

int check_svd(const char* path) {
  std::string have;
  if (!read_file(path, have)) return fail(std::string("cannot read ") + path, 2);
  const std::string want = svd(SvdOptions{});
  if (have == want) return 0;
  std::string a;
  std::string b;
  const std::size_t line = first_difference(have, want, a, b);
  return fail(std::string(path) + " differs from the register table at line " + std::to_string(line) +
                  "\n  file: " + a + "\n  code: " + b + "\nregenerate with: a2a_register_export svd > " + path,
              1);
}

int usage() {
  return fail(
      "usage: a2a_register_export markdown <region> | svd [ports stages base] |\n"
      "       check-doc <register-map.md> | update-doc <register-map.md> | check-svd <file.svd>",
      2);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) return usage();
  const std::string command = argv[1];
  if (command == "markdown" && argc == 3) {
    const std::string text = markdown(argv[2]);
    if (text.empty()) return usage();
    std::cout << text;
    return 0;
  }
  if (command == "svd" && (argc == 2 || argc == 5)) {
    SvdOptions options;
    if (argc == 5) {
      options.capacity.max_ports = static_cast<std::uint32_t>(std::strtoul(argv[2], nullptr, 0));
      options.capacity.max_stages = static_cast<std::uint32_t>(std::strtoul(argv[3], nullptr, 0));
      options.base_address = std::strtoull(argv[4], nullptr, 0);
      // FabricLayout's own limits (checked there at compile time).
      if (options.capacity.max_ports < 2 || options.capacity.max_ports > 65536 || options.capacity.max_stages < 1 ||
          options.capacity.max_stages > 16)
        return fail("a block holds 2..65536 ports and 1..16 stages", 2);
    }
    std::cout << svd(options);
    return 0;
  }
  if (command == "check-doc" && argc == 3) return check_doc(argv[2], false);
  if (command == "update-doc" && argc == 3) return check_doc(argv[2], true);
  if (command == "check-svd" && argc == 3) return check_svd(argv[2]);
  return usage();
}
