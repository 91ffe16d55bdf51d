# Strict warnings for the project's own tests and programs only. Deliberately
# not attached to a2a::core (consumers choose their own flags) and never
# installed or exported.
include_guard(GLOBAL)

add_library(a2a_warnings INTERFACE)
add_library(a2a::warnings ALIAS a2a_warnings)
target_compile_options(a2a_warnings INTERFACE
  $<$<CXX_COMPILER_ID:GNU,Clang,AppleClang>:
    -Wall -Wextra -Werror -Wconversion -Wsign-conversion -Wshadow>)
