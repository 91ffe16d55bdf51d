/* Markers the QEMU plugin (icount_plugin.c) counts instructions between.
 * Each is one 16-bit Thumb no-op that compilers do not emit. The "memory"
 * clobber keeps the measured stores inside the bracket; values in registers
 * stay in registers, as in a real controller loop. */
#pragma once

/* START gets a block of its own that cannot reach a page's end: a branch before it (run
 * before the interval), the marker on an 8-byte boundary, a branch right after it,
 * which the plugin does not count (on_start). A block that ends within 4 bytes of a
 * 1 KiB page is translated again without the plugin's callbacks (QEMU's Thumb decoder
 * looks at the next halfword): 2026-12-04, a START 4 bytes before a page on the
 * netduino2's bench_slices (after the table family's change moved code), and the
 * plugin saw none of the group's intervals, although an entry= at the same address
 * did. On an 8-byte boundary the marker and its branch end 4 bytes short of any page. */
#define A2A_ICOUNT_START() __asm__ volatile("b 1f\n.balign 8\n1: mov r10, r10\nb 2f\n2:" ::: "memory")
/* STOP is placed as START is: a branch to it (inside the interval; the plugin takes it
 * off, on_stop), the marker on an 8-byte boundary, a branch right after it (outside the
 * interval): a block running on from STOP to within 4 bytes of the next 1 KiB page is
 * translated again without the plugin's callbacks (FLUSH below), which lost
 * bench_slices' STOPs (2026-12-02: a STOP 4 bytes before a page boundary, the return
 * address of the call it brackets, every interval of a job dropped). */
#define A2A_ICOUNT_STOP() __asm__ volatile("b 1f\n.balign 8\n1: mov r11, r11\nb 2f\n2:" ::: "memory")
/* Ends a group of intervals: the plugin prints their count, min, max and total.
 * The marker must be seen by the plugin every time: bench_planning (21 of 263 groups)
 * and then bench_slices (7 of 31) on the MPS2 AN500 lost FLUSHes when code moved. The
 * second loss was a marker 4 bytes before a 1 KiB page boundary, its translation block
 * running on into the next page, which QEMU translates again without the plugin's
 * callbacks. So the marker gets a block of its own that cannot cross a page: a branch
 * before it, the marker on a 4-byte boundary, and a branch right after it (4 bytes).
 * All of it runs outside every interval and is not counted. */
#define A2A_ICOUNT_FLUSH() __asm__ volatile("b 1f\n.balign 8\n1: mov r9, r9\nb 2f\n2:" ::: "memory")
