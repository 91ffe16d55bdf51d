/* A C program built against the installed a2a with pkg-config alone:
 *   cc main.c $(pkg-config --cflags --libs a2a)
 * It prints the library's version and runs an exchange's first round through the
 * C API; exit status 0 only when both work (tests/package/installed_test.sh). */
#include <a2a.h>
#include <stdio.h>

int main(void) {
  a2a_network net;
  a2a_schedule schedule;
  a2a_schedule_info info;
  if (a2a_network_make(A2A_OMEGA, 16, 2, &net) != A2A_OK) return 1;
  if (a2a_schedule_make(&net, A2A_LATIN_SQUARE, A2A_NATURAL, &schedule) != A2A_OK) return 2;
  if (a2a_schedule_info_get(&schedule, &info) != A2A_OK) return 3;
  printf("a2a %s: omega 16, %s, %u rounds\n", a2a_version(), a2a_family_name(A2A_LATIN_SQUARE), (unsigned)info.rounds);
  return 0;
}
