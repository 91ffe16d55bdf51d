# cmake -DNM=<nm> -DOBJECTS=<obj;obj...> -P check_symbols.cmake
# Fails if an object has an undefined reference to the heap, exception or RTTI
# runtime, or to anything in libstdc++ (namespace std). Matches mangled names.
if(NOT NM OR NOT OBJECTS)
  message(FATAL_ERROR "usage: cmake -DNM=<nm> -DOBJECTS=<objects> -P ${CMAKE_SCRIPT_MODE_FILE}")
endif()

set(forbidden
  "^(malloc|calloc|realloc|free|aligned_alloc|posix_memalign)$" # C heap
  "^_Z(nw|na|dl|da)"                      # operator new/new[]/delete/delete[]
  "^__cxa_(throw|allocate_exception|begin_catch|rethrow)" # exceptions
  "^(__gxx_personality|_Unwind_)"         # unwinding
  "^_ZTI|__cxxabiv1|^_ZNKSt9type_info"    # typeinfo / RTTI
  "^_ZN?K?St")                            # anything in namespace std

set(bad "")
foreach(obj IN LISTS OBJECTS)
  if(NOT EXISTS "${obj}")
    message(FATAL_ERROR "object file not found: ${obj}")
  endif()
  execute_process(COMMAND "${NM}" -u "${obj}"
    OUTPUT_VARIABLE out RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${NM} -u ${obj} failed (${rc})")
  endif()
  string(REPLACE "\n" ";" lines "${out}")
  foreach(line IN LISTS lines)
    # nm -u prints "                 U symbol"; keep the symbol name only.
    string(REGEX REPLACE "^.*[ \t]" "" sym "${line}")
    if(sym STREQUAL "")
      continue()
    endif()
    foreach(re IN LISTS forbidden)
      if(sym MATCHES "${re}")
        list(APPEND bad "${obj}: ${sym}")
        break()
      endif()
    endforeach()
  endforeach()
endforeach()

if(bad)
  list(JOIN bad "\n  " msg)
  message(FATAL_ERROR "forbidden undefined symbols:\n  ${msg}")
endif()
list(LENGTH OBJECTS n)
message(STATUS "no forbidden undefined symbols in ${n} object file(s)")
