/* QEMU's stand-in for the switch hardware and the processors on it: the latch
   block the driver writes, carried round by round from SysTick (the far side, as a
   real switch would be), and the endpoints' tally of the pairs that arrived. Not
   part of the controller's code path: the driver only writes latches and reads
   `carried`. */
#pragma once
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* From now on the switch carries what is latched (SysTick). */
void endpoints_start(void);
/* Carries the latched round if a new strobe came (SysTick). */
void endpoints_serve(void);
/* The origin whose message `destination` received in the last round carried, or
   0xFFFFFFFF: the processors' acknowledgements, as a product would collect them. */
uint32_t endpoints_receipt(uint32_t destination);
/* The tally since the start: pairs received, and pairs received again. */
uint32_t endpoints_pairs(void);
uint32_t endpoints_duplicates(void);

#ifdef __cplusplus
}
#endif
