/* Board mps2-an385: the MPS2 FPGA images share their CMSDK peripherals and so their
 * board code (drivers/cmsdk/mps2_board.c); this file names the image. */
#include "a2a/board/board.h"

const char* a2a_board_name(void) { return "mps2-an385"; }
