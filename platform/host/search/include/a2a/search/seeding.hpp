// The seed of a search with fixed rounds (--free K): which rounds of the best set
// stay as they are while the solver sets the others.
#pragma once

#include <cstdint>

#include "a2a/search/config_set.hpp"

namespace a2a::search {

/// At most `count` rounds of `best`, chosen greedily by the pairs they add (the seed
/// of a search with fixed rounds). Every input needs a round of its own for each of
/// its open pairs, and so does every output: rounds are given back (the last picked
/// first) until no input or output has more open pairs than the rounds left free.
[[nodiscard]] ConfigSet pick_fixed(const ConfigSet& best, std::uint32_t count, std::uint32_t total);

}  // namespace a2a::search
