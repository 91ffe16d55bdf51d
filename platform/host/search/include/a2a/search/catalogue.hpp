// The stored form of a configuration set (data/gsen-sets/, docs/search.md): one bit
// per switch per round, so a firmware table family can hold a set as
// rounds * n * N/2 bits. Text, so that a set diffs and a checker in any language
// reads it:
//
//   a2a-config-set 1
//   topology gsen
//   ports 36
//   stages 6
//   rounds 38
//   note <free text: where the set comes from, the command and its time>
//   round <hex>            (one line per round, in order)
//
// A round's bits: bit k = s * W + y is switch y of stage s (W = switches per stage),
// 1 = cross; bit k is bit (k mod 8) of byte k / 8, bytes written as two lowercase hex
// digits in order; the bits past n * W in the last byte are 0.
#pragma once

#include <string>

#include "a2a/search/config_set.hpp"

namespace a2a::search {

struct StoredSet {
  ConfigSet set;
  std::string note;
};

/// Reads a stored set; on failure returns false and says why in `error`
/// ("line 7: round has 80 hex digits, expected 82").
[[nodiscard]] bool read_stored_set(const std::string& path, StoredSet& stored, std::string& error);
/// Writes the stored form; false with `error` when the file cannot be written.
[[nodiscard]] bool write_stored_set(const std::string& path, const StoredSet& stored, std::string& error);
/// The stored form as text.
[[nodiscard]] std::string format_stored_set(const StoredSet& stored);

/// `path` ending in .json: the JSON dump below; anything else: the stored form.
[[nodiscard]] bool write_set_file(const std::string& path, const StoredSet& stored, std::string& error);

/// The project's JSON dump (docs/dump-format.md) of the set's exchange: every
/// switch's state per round and the ports that send; schedule name "searched-set".
[[nodiscard]] bool write_dump(const std::string& path, const ConfigSet& set, std::string& error);

}  // namespace a2a::search
