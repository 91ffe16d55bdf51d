/* A C program that uses one family through a2a.h: omega, N = 16, the Latin square,
 * one round's sends, and a2a_strerror() for what fails (capi_size.py measures the
 * a2a text it links). */
#include <a2a.h>

const char* volatile last_error; /* where a product would log it */

static int failed(a2a_status status) {
  last_error = a2a_strerror(status);
  return 1;
}

int main(void) {
  a2a_network net;
  a2a_schedule schedule;
  a2a_round round;
  a2a_send send;
  a2a_status status;
  uint32_t sum = 0;
  if ((status = a2a_network_make(A2A_OMEGA, 16, 2, &net)) != A2A_OK) return failed(status);
  if ((status = a2a_schedule_make(&net, A2A_LATIN_SQUARE, A2A_NATURAL, &schedule)) != A2A_OK) return failed(status);
  if ((status = a2a_schedule_round(&schedule, 3, &round)) != A2A_OK) return failed(status);
  for (uint32_t port = 0; port < net.ports; ++port) {
    if ((status = a2a_schedule_send(&schedule, &round, port, &send)) != A2A_OK) return failed(status);
    sum += send.destination;
  }
  return sum == 120 ? 0 : 2;
}
