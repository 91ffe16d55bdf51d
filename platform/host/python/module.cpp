// The Python module `a2a` (docs/python.md): networks, schedules, their rounds and
// sends as NumPy arrays, check_exchange, and the JSON dump both ways. Everything is
// the planner tool's code (plan_bridge.hpp); this file only turns it into Python
// objects. Bad input raises a2a.Error (a ValueError) with the tool's message.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cstdint>
#include <iterator>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <a2a/version.hpp>

#include "plan_bridge.hpp"
#include "tool_error.hpp"

namespace py = pybind11;

namespace a2a::python {
namespace {

/// One port's send in one round (Schedule.sends()); -1 everywhere for an idle port.
struct PortRecord {
  std::int32_t dst;
  std::int32_t tag;
  std::int32_t orig;
  std::int32_t final;
};

/// One hop of a round as the dump lists it (Round.sends).
struct HopRecord {
  std::int32_t src;
  std::int32_t dst;
  std::int32_t tag;
  std::int32_t orig;
  std::int32_t final;
};

std::int32_t as_int(std::uint32_t v) { return static_cast<std::int32_t>(v); }  // v < kToolMaxPorts

/// A schedule: a plan shared by the Schedule and the Rounds taken from it.
struct Schedule {
  std::shared_ptr<const tool::Plan> plan;

  [[nodiscard]] const tool::PlanInfo& info() const { return plan->info(); }

  [[nodiscard]] tool::PlanRound round_at(std::int64_t r) const {
    const std::uint32_t rounds = info().rounds;
    if (r < 0 || r >= rounds)
      throw py::index_error("round " + std::to_string(r) + " out of range (the schedule has " +
                            (rounds == 0 ? std::string("no rounds)")
                                         : std::to_string(rounds) + " rounds, 0.." + std::to_string(rounds - 1) + ")"));
    return plan->round(static_cast<std::uint32_t>(r));
  }
};

Schedule wrap(std::unique_ptr<tool::Plan> plan) { return Schedule{std::shared_ptr<const tool::Plan>(std::move(plan))}; }

/// One round: its index, its switch states and the hops the dump lists for it.
struct Round {
  std::uint32_t index;
  Network net;
  tool::PlanRound round;
};

/// The tool's options from schedule()'s arguments. A fault is (stage, switch) or the
/// tool's "STAGE:SWITCH" text; numbers are passed as text, so a bad one gets the tool's
/// message ("--ports needs a whole number, got '-1'").
ToolOptions options(const std::string& topology, std::int64_t ports, const std::optional<std::int64_t>& radix) {
  ToolOptions o{{"topology", topology}, {"ports", std::to_string(ports)}};
  if (radix) o.emplace_back("radix", std::to_string(*radix));
  return o;
}

/// A fault or dead link as the tool's "STAGE:SWITCH" text: given as that text or as a pair of numbers.
std::string pair_text(const py::handle& item, const char* what, const char* example) {
  if (py::isinstance<py::str>(item)) return item.cast<std::string>();
  if (py::isinstance<py::sequence>(item) && py::len(item) == 2) {
    const auto pair = py::reinterpret_borrow<py::sequence>(item);
    if (py::isinstance<py::int_>(pair[0]) && py::isinstance<py::int_>(pair[1]))
      return std::to_string(pair[0].cast<std::int64_t>()) + ":" + std::to_string(pair[1].cast<std::int64_t>());
  }
  throw py::type_error(std::string(what) + " must be a pair of numbers or '" + example + "' text, got " +
                       py::repr(item).cast<std::string>());
}

Schedule make_schedule(const std::string& topology, std::int64_t ports, const std::optional<std::int64_t>& radix,
                       const std::optional<std::string>& schedule, const std::optional<std::string>& order,
                       const py::iterable& faults, const py::iterable& fault_links, bool degraded) {
  ToolOptions o = options(topology, ports, radix);
  if (schedule) o.emplace_back("schedule", *schedule);
  if (order) o.emplace_back("order", *order);
  for (const py::handle f : faults) o.emplace_back("fault", pair_text(f, "a fault", "STAGE:SWITCH"));
  for (const py::handle l : fault_links) o.emplace_back("fault-link", pair_text(l, "a fault link", "STAGE:TERMINAL"));
  if (degraded) o.emplace_back("degraded", "");
  return wrap(plan_from_options(o));
}

py::array_t<PortRecord> sends_array(const Schedule& s) {
  const tool::PlanInfo& info = s.info();
  py::array_t<PortRecord> out({static_cast<py::ssize_t>(info.rounds), static_cast<py::ssize_t>(info.net.ports)});
  auto cells = out.mutable_unchecked<2>();
  tool::PlanRound round;
  for (std::uint32_t r = 0; r < info.rounds; ++r) {
    for (std::uint32_t p = 0; p < info.net.ports; ++p) cells(r, p) = PortRecord{-1, -1, -1, -1};
    s.plan->round_into(r, round);
    for (const tool::Send& send : round.sends) {
      PortRecord& cell = cells(r, send.src);
      if (cell.dst != -1)  // a dump read back may be wrong this way; verify judges it
        throw tool::UsageError("round " + std::to_string(r) + ": port " + std::to_string(send.src) +
                               " sends twice; sends() holds one send per port (round(" + std::to_string(r) +
                               ").sends lists every hop)");
      cell = PortRecord{as_int(send.dst), as_int(send.tag), as_int(send.orig), as_int(send.final)};
    }
  }
  return out;
}

py::array_t<std::int32_t> states_array(const Round& r) {
  const std::uint32_t switches = r.net.switches_per_stage();
  py::array_t<std::int32_t> out({static_cast<py::ssize_t>(r.net.stages), static_cast<py::ssize_t>(switches)});
  auto cells = out.mutable_unchecked<2>();
  for (std::uint32_t st = 0; st < r.net.stages; ++st)
    for (std::uint32_t y = 0; y < switches; ++y) cells(st, y) = as_int(r.round.stages.at(st).at(y));
  return out;
}

py::array_t<HopRecord> hops_array(const Round& r) {
  py::array_t<HopRecord> out(static_cast<py::ssize_t>(r.round.sends.size()));
  auto cells = out.mutable_unchecked<1>();
  for (std::size_t k = 0; k < r.round.sends.size(); ++k) {
    const tool::Send& s = r.round.sends[k];
    cells(static_cast<py::ssize_t>(k)) =
        HopRecord{as_int(s.src), as_int(s.dst), as_int(s.tag), as_int(s.orig), as_int(s.final)};
  }
  return out;
}

py::dict check(const Schedule& s, const std::optional<std::string>& backend, std::uint32_t threads,
               std::uint32_t max_reports) {
  Verdict v;
  {
    py::gil_scoped_release unlocked;  // a large exchange takes a while; nothing here touches Python
    v = verify(*s.plan, backend, threads, max_reports);
  }
  const tool::VerifyReport& r = v.report;
  py::dict d;
  d["clean"] = r.clean();
  d["expected"] = r.expected;
  d["delivered"] = r.tally.delivered;
  d["missing"] = r.tally.missing;
  d["duplicates"] = r.tally.duplicates;
  d["misroutes"] = r.tally.misroutes;
  d["conflicts"] = r.tally.conflicts;
  d["crosstalk"] = r.tally.crosstalk;
  d["relayed"] = r.tally.relayed;
  d["relay_errors"] = r.tally.relay_errors;
  d["left_in_store"] = r.tally.left_in_store;
  d["faulted_rounds"] = r.tally.faulted_rounds;
  d["fault_crossings"] = r.fault_crossings;
  d["wrong_destinations"] = r.wrong_destinations;
  d["wrong_tags"] = r.wrong_tags;
  d["output_conflicts"] = r.output_conflicts;
  d["double_sends"] = r.double_sends;
  d["left_out"] = r.left_out;
  d["left_out_delivered"] = r.left_out_delivered;
  d["violations"] = r.violations();
  d["rounds"] = r.rounds;
  d["delay"] = r.delay;
  d["optical"] = r.optical;
  d["backend"] = v.backend;
  d["summary"] = tool::summary_line(r);
  d["reports"] = v.violations;
  d["unreported"] = v.unreported;
  return d;
}

/// NumPy, which the module's arrays need from the start (PYBIND11_NUMPY_DTYPE). An
/// interpreter without a NumPy of its own (pyenv's python3 ahead of Debian's on PATH:
/// the same CPython version, or the extension's file name would not match) gets the one
/// the module was built against, appended to sys.path so it shadows nothing.
void import_numpy() {
  try {
    py::module_::import("numpy");
  } catch (py::error_already_set& e) {
    if (!e.matches(PyExc_ImportError)) throw;
    py::module_::import("sys").attr("path").attr("append")(A2A_NUMPY_SITE);
    py::module_::import("numpy");
  }
}

std::string network_repr(const Network& n) {
  return "a2a.network('" + std::string(name(n.topology)) + "', " + std::to_string(n.ports) +
         ", radix=" + std::to_string(n.radix) + ")";
}

}  // namespace
}  // namespace a2a::python

PYBIND11_MODULE(a2a, m) {
  using namespace a2a::python;
  namespace tool = a2a::tool;
  m.doc() = "All-to-all personalized exchange schedules for multistage networks (docs/python.md)";
  m.attr("__version__") = std::string(a2a::kVersion);  // a2a/version.hpp
  py::register_exception<tool::UsageError>(m, "Error", PyExc_ValueError);
  import_numpy();
  PYBIND11_NUMPY_DTYPE(PortRecord, dst, tag, orig, final);
  PYBIND11_NUMPY_DTYPE(HopRecord, src, dst, tag, orig, final);

  m.def(
      "topologies",
      [] {
        std::vector<std::string> names;
        names.reserve(std::size(a2a::kAllTopologies));
        for (a2a::Topology t : a2a::kAllTopologies) names.emplace_back(a2a::name(t));
        return names;
      },
      "The topology names schedule() and network() take.");
  m.def(
      "schedule_names",
      [] {
        std::vector<std::string> names;
        names.reserve(std::size(a2a::kAllScheduleKinds));
        for (a2a::ScheduleKind k : a2a::kAllScheduleKinds) names.emplace_back(a2a::name(k));
        return names;
      },
      "The schedule names schedule() takes.");

  py::class_<a2a::Network>(m, "Network")
      .def_property_readonly("topology", [](const a2a::Network& n) { return std::string(a2a::name(n.topology)); })
      .def_property_readonly("ports", [](const a2a::Network& n) { return n.ports; })
      .def_property_readonly("radix", [](const a2a::Network& n) { return n.radix; })
      .def_property_readonly("stages", [](const a2a::Network& n) { return n.stages; })
      .def_property_readonly("switches_per_stage", [](const a2a::Network& n) { return n.switches_per_stage(); })
      .def("__repr__", &network_repr);
  m.def(
      "network",
      [](const std::string& topology, std::int64_t ports, std::optional<std::int64_t> radix) {
        return network_from_options(options(topology, ports, radix));
      },
      py::arg("topology"), py::arg("ports"), py::arg("radix") = py::none(),
      "The network `a2a plan --topology T --ports N [--radix d]` uses.");

  py::class_<Round>(m, "Round")
      .def_property_readonly("index", [](const Round& r) { return r.index; })
      .def_property_readonly("states", &states_array, "Switch states, shape (stages, switches per stage).")
      .def_property_readonly(
          "configuration", [](const Round& r) { return tool::describe(r.net, tool::summarize(r.net, r.round.stages)); },
          "As `a2a plan` prints it: 'stage word 0101', 'alternating configuration A = 0011', ...")
      .def_property_readonly(
          "word",
          [](const Round& r) -> std::optional<std::uint32_t> {
            const tool::StatesSummary s = tool::summarize(r.net, r.round.stages);
            if (s.kind == tool::StatesSummary::Kind::per_switch) return std::nullopt;
            return s.word;
          },
          "The stage word or alternating configuration A as a number; None for per-switch states.")
      .def_property_readonly("sends", &hops_array, "Every hop of the round: fields src, dst, tag, orig, final.")
      .def("__repr__", [](const Round& r) {
        return "<a2a.Round " + std::to_string(r.index) + ": " +
               tool::describe(r.net, tool::summarize(r.net, r.round.stages)) + ">";
      });

  py::class_<Schedule>(m, "Schedule")
      .def_property_readonly("network", [](const Schedule& s) { return s.info().net; })
      .def_property_readonly("name", [](const Schedule& s) { return s.info().schedule; })
      .def_property_readonly("origin", [](const Schedule& s) { return s.info().origin; })
      .def_property_readonly("rounds", [](const Schedule& s) { return s.info().rounds; })
      .def_property_readonly("optical", [](const Schedule& s) { return s.info().optical; })
      .def_property_readonly("faults",
                             [](const Schedule& s) {
                               std::vector<std::pair<std::uint32_t, std::uint32_t>> out;
                               for (const tool::Fault& f : s.info().faults) out.emplace_back(f.stage, f.sw);
                               return out;
                             })
      .def_property_readonly("fault_links",
                             [](const Schedule& s) {
                               std::vector<std::pair<std::uint32_t, std::uint32_t>> out;
                               for (const tool::DeadLink& l : s.info().dead_links)
                                 out.emplace_back(l.stage, l.terminal);
                               return out;
                             })
      .def_property_readonly("left_out",
                             [](const Schedule& s) {
                               std::vector<std::tuple<std::uint32_t, std::uint32_t, std::string>> out;
                               for (const tool::LeftOutPair& p : s.info().left_out)
                                 out.emplace_back(p.orig, p.final, p.reason);
                               return out;
                             })
      .def("__len__", [](const Schedule& s) { return s.info().rounds; })
      .def(
          "round",
          [](const Schedule& s, std::int64_t r) {
            return Round{static_cast<std::uint32_t>(r), s.info().net, s.round_at(r)};
          },
          py::arg("r"))
      .def("sends", &sends_array,
           "Shape (rounds, ports), fields dst, tag, orig, final; -1 in every field for an idle port.")
      .def(
          "to_json", [](const Schedule& s) { return plan_json(*s.plan); }, "`a2a dump`'s JSON.")
      .def(
          "to_csv", [](const Schedule& s) { return plan_csv(*s.plan); }, "`a2a dump --format csv`.")
      .def("__repr__", [](const Schedule& s) {
        return "<a2a.Schedule " + s.info().origin + ", " + std::to_string(s.info().rounds) + " rounds>";
      });

  m.def("schedule", &make_schedule, py::arg("topology"), py::arg("ports"), py::arg("radix") = py::none(),
        py::arg("schedule") = py::none(), py::arg("order") = py::none(), py::arg("faults") = py::tuple(),
        py::arg("fault_links") = py::tuple(), py::arg("degraded") = false,
        "The schedule `a2a dump --topology T --ports N ...` writes (the same defaults and errors).");
  m.def(
      "from_json",
      [](const std::string& text, const std::string& source) { return wrap(plan_from_json(text, source)); },
      py::arg("text"), py::arg("source") = "<json>", "A schedule from a dump's text (docs/dump-format.md).");
  m.def(
      "load", [](const std::string& path) { return wrap(plan_from_file(path)); }, py::arg("path"),
      "A schedule from a dump file, as `a2a verify --input FILE` reads it.");
  m.def("check_exchange", &check, py::arg("schedule"), py::arg("backend") = py::none(), py::arg("threads") = 1,
        py::arg("max_reports") = 100,
        "Replays the schedule switch by switch as `a2a verify` does; returns its tally as a dict.");
}
