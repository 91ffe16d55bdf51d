# The core's unit tests: one file per public header, tests/core/<header>_test.cpp, that
# includes the header directly and checks what it promises (tools/check-unit-tests.py
# checks there is one for every header). Headers whose tests are larger programs of their
# own (a sweep, a paper's examples) are in CMakeLists.txt; the rest build one program,
# core_units, on the host (doctest) and on every board (the light runner). Portable:
# heap-free, the a2a_test.hpp subset. Paths are relative to tests/core.
set(A2A_CORE_UNIT_TESTS
    a2a_test.cpp
    alternating_test.cpp
    any_schedule_test.cpp
    delivery_tally_test.cpp
    destination_matrix_test.cpp
    digit_maps_test.cpp
    digits_test.cpp
    faulted_round_test.cpp
    family_union_test.cpp
    gsen_broadcast_test.cpp
    gsen_catalogue_data_test.cpp
    gsen_catalogue_test.cpp
    gsen_paths_test.cpp
    gsen_stage_control_test.cpp
    latin_square_test.cpp
    limits_test.cpp
    message_text_test.cpp
    network_test.cpp
    plan_meter_test.cpp
    plan_options_test.cpp
    plan_storage_test.cpp
    round_walk_test.cpp
    route_test.cpp
    schedule_test.cpp
    status_test.cpp
    topologies_test.cpp
    topology_description_test.cpp
    topology_list_test.cpp
    topology_test.cpp
    wiring_test.cpp)
