# The product team's own toolchain file: arm-none-eabi GCC for their Cortex-M3
# board. Nothing of a2a's toolchains/ or board folders: a2a builds from whatever
# toolchain the product uses (docs/porting.md, "Using a2a from your own firmware project").
set(CMAKE_SYSTEM_NAME Generic)
set(CMAKE_SYSTEM_PROCESSOR arm)
set(CMAKE_C_COMPILER arm-none-eabi-gcc)
set(CMAKE_CXX_COMPILER arm-none-eabi-g++)
set(CMAKE_TRY_COMPILE_TARGET_TYPE STATIC_LIBRARY)

set(_acme_cpu "-mcpu=cortex-m3 -mthumb")
set(CMAKE_C_FLAGS_INIT "${_acme_cpu} -ffunction-sections -fdata-sections")
set(CMAKE_CXX_FLAGS_INIT "${_acme_cpu} -ffunction-sections -fdata-sections -fno-exceptions -fno-rtti -fno-threadsafe-statics -Wno-psabi")
set(CMAKE_EXE_LINKER_FLAGS_INIT "${_acme_cpu} --specs=nano.specs -nostartfiles -Wl,--gc-sections")

# Libraries and packages (a2a installed for this target) come from the staging root
# the build names (CMAKE_FIND_ROOT_PATH), never from the host.
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
