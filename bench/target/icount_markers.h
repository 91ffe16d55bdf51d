/* Markers the QEMU plugin (icount_plugin.c) counts instructions between.
 * Each is one 16-bit Thumb no-op that compilers do not emit. The "memory"
 * clobber keeps the measured stores inside the bracket; values in registers
 * stay in registers, as in a real controller loop. */
#pragma once

/* START too begins a translation block (see FLUSH below): the branch runs before the
 * interval, so it is not counted. */
#define A2A_ICOUNT_START() __asm__ volatile("b 1f\n1: mov r10, r10" ::: "memory")
#define A2A_ICOUNT_STOP() __asm__ volatile("mov r11, r11" ::: "memory")
/* Ends a group of intervals: the plugin prints their count, min, max and total.
 * It follows a console line, whose last UART store QEMU (-icount) may run again in a
 * translation block instrumented for memory only (an I/O recompile): a marker in that
 * block would go unseen (bench_planning on the MPS2 AN500 lost 21 of 263 groups). The
 * branch ends the block before the marker, so the marker starts one of its own; it
 * runs outside every interval and is not counted. */
#define A2A_ICOUNT_FLUSH() __asm__ volatile("b 1f\n1: mov r9, r9" ::: "memory")
