// The slot interrupt's work, shared by the boards' handlers
// (drivers/<family>/*_slot_irq.cpp): after the handler has acknowledged its
// timer, the next ring entry goes to the fabric's register block through the
// memory-mapped bus (two stores), or the ring counts an underrun. Inline, so a
// handler is one leaf function whose instructions bench/target counts
// (docs/PERFORMANCE.md, "Look-ahead mode").
#pragma once

#include <a2a/board/slot_timer.hpp>
#include <a2a/mmio/mmio_bus.hpp>

#include <cstdint>

#include "board_common.h"

extern "C" std::uint32_t __a2a_fabric_region[];  // the FABRIC region's start (ld/sections.ld)

namespace a2a::board::detail {

/// An empty slot, out of line: the ring counts an underrun, or after finish() the
/// timer stops.
void empty_slot();

[[gnu::always_inline]] inline void serve_slot() {
  mmio::MmioBus fabric(reinterpret_cast<std::uintptr_t>(__a2a_fabric_region));
  if (!g_slot_ring.write_next(fabric)) [[unlikely]]
    empty_slot();
}

}  // namespace a2a::board::detail
