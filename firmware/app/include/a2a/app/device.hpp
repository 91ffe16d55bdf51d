// The controller device: include this header. Device<Board, MaxPorts> (the
// banner and the command loop, device_loop.hpp), its commands
// (device_commands.hpp) and its exchanges (device_run.hpp); docs/console.md.
#pragma once

#include "a2a/app/device_commands.hpp"  // IWYU pragma: export
#include "a2a/app/device_loop.hpp"      // IWYU pragma: export
#include "a2a/app/device_run.hpp"       // IWYU pragma: export
