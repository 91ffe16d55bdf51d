# Native host build with Clang: prefer the versioned clang++-14 (Debian 12).
find_program(A2A_HOST_CLANGXX NAMES clang++-14 clang++ REQUIRED)
set(CMAKE_CXX_COMPILER "${A2A_HOST_CLANGXX}")
