// Umbrella header: the whole a2a core (topologies, switch-level routing,
// schedules as round generators, the exchange checker). Freestanding C++20:
// no heap, no exceptions, no RTTI; everything usable in constant expressions.
#pragma once

#include "a2a/alternating.hpp"
#include "a2a/any_schedule.hpp"
#include "a2a/delivery_tally.hpp"
#include "a2a/destination_matrix.hpp"
#include "a2a/digits.hpp"
#include "a2a/fault_set.hpp"
#include "a2a/fault_tolerant.hpp"
#include "a2a/gray_stepper.hpp"
#include "a2a/gsen_broadcast.hpp"
#include "a2a/gsen_paths.hpp"
#include "a2a/gsen_sets.hpp"
#include "a2a/gsen_stage_control.hpp"
#include "a2a/latin_square.hpp"
#include "a2a/optical.hpp"
#include "a2a/round_walk.hpp"
#include "a2a/route.hpp"
#include "a2a/schedule.hpp"
#include "a2a/shift_network.hpp"
#include "a2a/stage_replay.hpp"
#include "a2a/static_network.hpp"
#include "a2a/status.hpp"
#include "a2a/topology.hpp"
#include "a2a/verify.hpp"
