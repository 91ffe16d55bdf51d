// What this build of a2a carries: the schedule families and topologies a product
// chose at build time (CMake's A2A_FAMILIES and A2A_TOPOLOGIES, docs/c-api.md).
//
// CMake passes each choice as a comma-separated list of names in one macro
// (A2A_FAMILIES="latin-square,table"); a list left unset is every one. The names
// are the core's own (`a2a list`), read here against the core's lists, so there is
// one list of names and CMake only checks them. A product pays for what it carries:
// AnySchedule's union and dispatch hold only the chosen families, the topology
// dispatch only the chosen topologies; asking for one left out is
// Errc::schedule_not_built or Errc::topology_not_built, never undefined.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

namespace a2a::detail {

/// The bits of `names` (position i, bit i) a comma-separated list names, and
/// whether it names only those (an unknown name or an empty word is an error).
struct ListedNames {
  std::uint32_t mask = 0;
  bool all_known = true;
};

template <std::size_t N>
constexpr ListedNames listed_names(std::string_view list, const std::array<std::string_view, N>& names) {
  static_assert(N <= 32, "a build choice is a 32-bit mask");
  ListedNames listed;
  while (true) {
    const std::size_t comma = list.find(',');
    const std::string_view word = list.substr(0, comma);
    bool known = false;
    for (std::size_t i = 0; i < N; ++i) {
      if (names[i] == word) {
        listed.mask |= std::uint32_t{1} << i;
        known = true;
      }
    }
    listed.all_known = listed.all_known && known;
    if (comma == std::string_view::npos) break;
    list.remove_prefix(comma + 1);
  }
  return listed;
}

/// Every position of a list of `size` entries (what an unset choice keeps).
constexpr std::uint32_t all_positions(std::size_t size) {
  return size >= 32 ? ~std::uint32_t{0} : (std::uint32_t{1} << size) - 1;
}

}  // namespace a2a::detail
