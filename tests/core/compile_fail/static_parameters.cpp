// Each A2A_CASE is a program that must NOT compile: a bad template parameter is
// refused at compile time with a specific message (see tests/core/CMakeLists.txt).
#include <a2a/a2a.hpp>

using namespace a2a;

int main() {
#if A2A_CASE == 1
  return static_cast<int>(StaticNetwork<Topology::omega, 16, 1>::value.ports);
#elif A2A_CASE == 2
  return static_cast<int>(StaticNetwork<Topology::baseline, 24>::value.ports);
#elif A2A_CASE == 3
  return static_cast<int>(StaticNetwork<Topology::gsen, 11>::value.ports);
#elif A2A_CASE == 4
  return static_cast<int>(alternating_schedule<StaticNetwork<Topology::gsen, 12> >().rounds());
#elif A2A_CASE == 5
  return static_cast<int>(latin_square_schedule<StaticNetwork<Topology::gsen, 10> >().rounds());
#elif A2A_CASE == 6
  return static_cast<int>(StaticNetwork<Topology::omega, 131072>::value.ports);
#elif A2A_CASE == 7
  return static_cast<int>(StaticNetwork<Topology::gsen, 27, 3>::value.ports);
#elif A2A_CASE == 8
  return static_cast<int>(alternating_schedule<StaticNetwork<Topology::omega, 16> >().rounds());
#else
  // The control case: valid parameters compile (and the test expects success).
  return static_cast<int>(alternating_schedule<StaticNetwork<Topology::gsen, 10> >().rounds()) - 10;
#endif
}
