/* The C API (docs/c-api.md): the 16-port omega exchange in Gray order, round by
 * round, then checked switch by switch. Built and run by the tests (capi_example). */
#include <stdio.h>

#include "a2a.h"

static uint32_t scratch[A2A_CHECK_WORDS(16u, 4u)]; /* the check's bitmaps: no heap */

int main(void) {
  a2a_network net;
  a2a_schedule schedule; /* A2A_SCHEDULE_SIZE bytes, on the stack */
  a2a_schedule_info info;
  a2a_check check;
  a2a_status status = a2a_network_make(A2A_OMEGA, 16, 2, &net);
  if (status == A2A_OK) status = a2a_schedule_make(&net, A2A_LATIN_SQUARE, A2A_GRAY, &schedule);
  if (status == A2A_OK) status = a2a_schedule_info_get(&schedule, &info);
  if (status != A2A_OK) return printf("error: %s\n", a2a_strerror(status)), 2;

  for (uint32_t r = 0; r < info.rounds; ++r) {
    a2a_round round;
    a2a_round_info round_info;
    a2a_schedule_round(&schedule, r, &round); /* r < rounds: cannot fail */
    a2a_round_info_get(&round, &round_info);
    printf("round %2u: stage word %2u:", (unsigned)r, (unsigned)round_info.word);
    for (uint32_t port = 0; port < net.ports; ++port) {
      a2a_send send;
      a2a_schedule_send(&schedule, &round, port, &send);
      printf(" %u->%u", (unsigned)port, (unsigned)send.destination);
    }
    printf("\n");
  }
  /* Every ordered pair exactly once, every signal traced through the switches. */
  status = a2a_check_exchange(&schedule, scratch, sizeof scratch / sizeof scratch[0], &check);
  printf("%s: %llu pairs in %u rounds\n", status == A2A_OK ? "ok" : a2a_strerror(status),
         (unsigned long long)check.delivered, (unsigned)check.rounds);
  return status == A2A_OK ? 0 : 1;
}
