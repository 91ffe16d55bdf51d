// The controller's round loop: for every round, compute it, write the shadow
// registers, commit, and confirm (bounded) that the fabric delivered it. The loop
// itself is RoundRunner (round_runner.hpp: one bounded piece per step, retries,
// ABORT of a hung round, the outputs' check) and run_exchange() over it; this
// header is what a caller includes for the loop and its programming of a round.
//
// On a FabricDriver with read-back verification off, a schedule whose rounds are
// one-stage Gray steps (the Latin square in gray order with d = 2^w, the
// alternating schedule; an AnySchedule holding one) is stepped: after a round
// delivered by the attempt just before, the next writes its ports and then
// RoundStepper::step() (its one changed STAGE_CTRL and COMMIT). The first round,
// every retry and every round after an ABORT are programmed whole as before, and
// re-seat the stepper (seek). Outcomes, retries and counts are the same either way
// (round_programmer.hpp).
#pragma once

#include "a2a/app/round_runner.hpp"
#include "a2a/hal/program_round.hpp"
