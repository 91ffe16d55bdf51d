# a2a_add_backend(<name>): a header-only backend below the HAL (the MMIO bus,
# the switch sinks), as INTERFACE target a2a_<name> with alias a2a::<name>, its
# headers in the calling folder's include/, installed and exported beside the HAL.
function(a2a_add_backend name)
  add_library(a2a_${name} INTERFACE)
  add_library(a2a::${name} ALIAS a2a_${name})
  target_include_directories(a2a_${name} INTERFACE $<BUILD_INTERFACE:${CMAKE_CURRENT_SOURCE_DIR}/include>
                                                   $<INSTALL_INTERFACE:include>)
  target_link_libraries(a2a_${name} INTERFACE a2a::hal)
  target_compile_features(a2a_${name} INTERFACE cxx_std_20)
  set_target_properties(a2a_${name} PROPERTIES EXPORT_NAME ${name})
endfunction()
