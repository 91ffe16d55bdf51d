// The catalogue of stored configuration sets the table family runs: for a GSEN
// whose fewest rounds paper 000 leaves open (Fig. 14), the best set a2a search has
// found (docs/search.md). The bits live in gsen_catalogue_data.hpp, generated from
// catalogue/ by tools/catalogue-header.py (a test regenerates it and compares), and
// every set is checked at switch level by TableSchedule::make and by the tests.
#pragma once

#include <cstdint>

#include "a2a/configuration_table.hpp"
#include "a2a/gsen_catalogue_data.hpp"
#include "a2a/topology.hpp"

namespace a2a {

/// The stored set for `net`, or nullptr when the catalogue has none.
constexpr const ConfigurationTable* catalogue_table(const Network& net) {
  if (net.radix != 2) return nullptr;
  for (const ConfigurationTable& table : catalogue::kTables)
    if (table.topology == net.topology && table.ports == net.ports) return &table;
  return nullptr;
}

}  // namespace a2a
