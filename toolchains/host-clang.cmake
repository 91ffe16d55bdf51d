# Native host build with Clang: prefer the versioned clang++-14 (Debian 12).
find_program(A2A_HOST_CLANGXX NAMES clang++-14 clang++ REQUIRED)
set(CMAKE_CXX_COMPILER "${A2A_HOST_CLANGXX}")
# The C programs too (the C API's tests): in a sanitizer build a C program compiled and
# linked by gcc would pull gcc's sanitizer runtime in beside clang's.
find_program(A2A_HOST_CLANG NAMES clang-14 clang REQUIRED)
set(CMAKE_C_COMPILER "${A2A_HOST_CLANG}")
