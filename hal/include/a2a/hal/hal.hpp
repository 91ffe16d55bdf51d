// Umbrella header of the switch-register HAL.
#pragma once

#include "a2a/hal/arrivals.hpp"
#include "a2a/hal/bus.hpp"
#include "a2a/hal/fabric_capabilities.hpp"
#include "a2a/hal/fabric_controller.hpp"
#include "a2a/hal/fabric_driver.hpp"
#include "a2a/hal/fabric_fields.hpp"
#include "a2a/hal/fabric_registers.hpp"
#include "a2a/hal/program_round.hpp"
#include "a2a/hal/register.hpp"
