# Native host build with GCC: prefer the versioned g++-12 (Debian 12), else g++.
find_program(A2A_HOST_GXX NAMES g++-12 g++ REQUIRED)
set(CMAKE_CXX_COMPILER "${A2A_HOST_GXX}")
