// Only has to compile and link against a2a::core.
#include <a2a/a2a.hpp>

int main() { return 0; }
