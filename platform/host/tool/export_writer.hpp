// Exports of a whole Plan for the programs that run all-to-all exchanges
// elsewhere (`a2a dump --format openoptics|mpi|matchings`): a slice table for
// optical-switch controllers, per-rank send/receive steps for MPI, and one
// permutation per round. Each is specified in docs/dump-format.md.
#pragma once

#include <ostream>

#include "plan.hpp"

namespace a2a::tool {

/// Throws UsageError naming the first round in which a port sends twice or an
/// output is reached twice: such a round (only from a bad --input dump) is no
/// matching, and the exports below could not say it. Call it before writing, so
/// that a refused plan leaves no partial file behind.
void check_exportable(const Plan& plan);

/// OpenOptics' schedule matrix: one line per time slice (round), column i the node
/// node i sends to, -1 none; '#' lines note the guard slices, relays and left-out pairs.
void write_openoptics_export(const Plan& plan, std::ostream& out);
/// One line per (step, rank): the peer it sends to and the one it receives from,
/// each with the message (orig, final) the hop carries; -1 = none.
void write_mpi_export(const Plan& plan, std::ostream& out);
/// One line per round: the output each input port reaches, '-' for idle.
void write_matchings_export(const Plan& plan, std::ostream& out);

}  // namespace a2a::tool
