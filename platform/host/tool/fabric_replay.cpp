// The SwitchReplay on the host simulated fabric (platform/host/fabric): the
// register block the controller firmware programs, driven through the HAL's
// FabricDriver exactly as the firmware drives it. configure() writes a round's
// switch states into SWITCH_STATE (every stage in individual mode, so any table
// of states is representable); replay_round() (and trace_round(), for the
// renderer) writes each sender's PORT_HEADER and the IDLE_MASK, COMMITs once and
// reads where every signal arrived and the output ports it took from the fabric's
// deliveries. A plan verified with `--backend fabric` has thus been run through the
// same registers, packing and latching rules as on a board, not only through the
// core's replay of the wiring and states (which every delivery is checked against).
#include <a2a/fabric/simulated_fabric.hpp>
#include <a2a/hal/fabric_driver.hpp>

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "schedule_select.hpp"
#include "switch_replay.hpp"
#include "tool_error.hpp"

namespace a2a::tool {
namespace {

/// One block big enough for every network the tool accepts (the tool refuses N above
/// kToolMaxPorts before a replay exists). Its registers take about 150 KB; COMMIT copies
/// them once per round, which is small next to walking N signals through n stages.
using ToolFabricLayout = hal::FabricLayout<kToolMaxPorts, kMaxStages>;
using Fabric = host::SimulatedFabric<ToolFabricLayout>;
using Driver = hal::FabricDriver<Fabric, ToolFabricLayout>;

/// The simulated block finishes a round without latency, so the first STATUS read sees it
/// done; the bound (the HAL's bounded-wait rule) turns a block that never finishes into an
/// error instead of a hang.
constexpr std::uint32_t kMaxStatusPolls = 16;

/// A failure here is a bug in the tool or the fabric model, never bad input: the plan's
/// network and states were validated when it was read.
[[noreturn]] void internal_error(const std::string& what) { throw std::logic_error("host fabric: " + what); }

void require_ok(Errc e, const char* what) {
  if (e != Errc::ok) internal_error(std::string(what) + ": " + std::string(describe(e)));
}

}  // namespace

std::string fabric_replay_refusal(const Network& net) {
  const std::string network = std::string(name(net.topology)) + " with N = " + std::to_string(net.ports);
  if (!hal::topology_from_code(hal::topology_code(net.topology)))
    return "the host simulated fabric has no register code for topology " + std::string(name(net.topology));
  if (!ToolFabricLayout::fits(net) || net.switches_per_stage() > ToolFabricLayout::kMaxSwitches)
    return "the host simulated fabric holds at most " + std::to_string(ToolFabricLayout::kMaxPorts) + " ports, " +
           std::to_string(ToolFabricLayout::kMaxStages) + " stages and " +
           std::to_string(ToolFabricLayout::kMaxSwitches) + " switches per stage; " + network + " has " +
           std::to_string(net.stages) + " stages of " + std::to_string(net.switches_per_stage()) + " switches";
  return "";
}

namespace {

class FabricReplay final : public SwitchReplay {
 public:
  FabricReplay() { require_ok(driver_.probe(), "probe"); }
  FabricReplay(const FabricReplay&) = delete;  // driver_ points at fabric_
  FabricReplay& operator=(const FabricReplay&) = delete;

  [[nodiscard]] std::string_view backend() const override { return "host simulated fabric"; }

  void configure(const Network& net, const StageStates& states) override {
    const std::uint32_t switches = net.switches_per_stage();
    const std::uint32_t words = (switches + hal::kSwitchesPerWord - 1) / hal::kSwitchesPerWord;
    if (!configured_ || !(net == net_)) {
      if (const std::string refusal = fabric_replay_refusal(net); !refusal.empty())
        throw UsageError(refusal + " (use --backend route)");
      // Crosstalk is judged by the verifier switch by switch from the hops, so the block
      // runs in electronic mode (its CROSSTALK flag would only say "somewhere").
      require_ok(driver_.configure(net, false), "configure");
      configured_ = true;
      net_ = net;
      switch_words_.assign(std::size_t{net.stages} * words, 0);
      switch_words_known_ = false;
      programmed_.assign(net.stages, {});
      idle_written_.clear();
    }
    if (states.size() != net.stages) internal_error("a round has the wrong number of stages");
    // As a controller does: every register once after configuring, then only those
    // that change (shadow registers keep their value across commits).
    for (std::uint32_t s = 0; s < net.stages; ++s) {
      if (states[s].size() != switches) internal_error("stage " + std::to_string(s) + " has the wrong switch count");
      require_ok(driver_.set_stage_control(s, ControlMode::individual, 0), "STAGE_CTRL");
      if (switch_words_known_ && states[s] == programmed_[s]) continue;  // the stage as it is
      programmed_[s] = states[s];
      for (std::uint32_t w = 0; w < words; ++w) {
        const std::uint32_t first = w * hal::kSwitchesPerWord;
        std::uint32_t packed = 0;
        for (std::uint32_t j = 0; j < hal::kSwitchesPerWord && first + j < switches; ++j)
          packed |= states[s][first + j] << (hal::reg::SwitchState::kBitsPerSwitch * j);
        std::uint32_t& written = switch_words_[std::size_t{s} * words + w];
        if (switch_words_known_ && written == packed) continue;
        require_ok(driver_.set_switch_word(s, w, packed), "SWITCH_STATE");
        written = packed;
      }
    }
    switch_words_known_ = true;
    states_ = &states;
    own_.configure(net, states);
  }

  [[nodiscard]] std::vector<Path> trace_round(std::span<const Send> sends) override {
    commit_round(sends);
    std::vector<Path> paths;
    paths.reserve(sends.size());
    for (const Send& send : sends) paths.push_back(path_of(delivery_of(send.src)));
    fabric_.clear_deliveries();  // one round at a time: N signals, not N^2
    return paths;
  }

  /// The fabric's arrivals and output ports. The fabric does not report the switches a
  /// signal crossed: when they are asked for they are the core's replay of the states
  /// configure() programmed, and the fabric's arrivals and ports must be that replay's
  /// (each k-shift latched and applied as programmed).
  void replay_round(std::span<const Send> sends, bool switches, RoundTrace& trace) override {
    commit_round(sends);
    if (!switches) {
      trace.output.resize(sends.size());
      trace.tag.resize(sends.size());
      trace.switches.clear();
      for (std::size_t k = 0; k < sends.size(); ++k) {
        const host::Delivery& delivery = delivery_of(sends[k].src);
        trace.output[k] = delivery.output;
        trace.tag[k] = delivery.tag_taken;
      }
    } else {
      own_.trace_round(sends, true, trace);
      for (std::size_t k = 0; k < sends.size(); ++k) {
        const host::Delivery& delivery = delivery_of(sends[k].src);
        if (delivery.output != trace.output[k] || delivery.tag_taken != trace.tag[k])
          mismatch(delivery, trace.output[k], trace.tag[k]);
      }
    }
    fabric_.clear_deliveries();
  }

  /// One signal alone in a round (the header names no claim: destination 0, tag 0; the
  /// fabric's MISROUTE flag is therefore meaningless here and ignored).
  [[nodiscard]] Path trace(std::uint32_t source) const override {
    const Send alone{source, 0, 0, source, source};
    commit_round(std::span<const Send>(&alone, 1));
    const Path path = path_of(delivery_of(source));
    fabric_.clear_deliveries();
    return path;
  }

 private:
  /// Injects one signal per distinct sending port (a port listed twice injects once: a
  /// port has one header register; the path does not depend on the header), commits,
  /// and indexes the deliveries by source (delivery_of); the caller clears them.
  void commit_round(std::span<const Send> sends) const {
    const std::uint32_t idle_words = (net_.ports + hal::kPortsPerIdleWord - 1) / hal::kPortsPerIdleWord;
    idle_.assign(idle_words, ~std::uint32_t{0});
    for (const Send& send : sends) {
      if (send.src >= net_.ports) internal_error("port " + std::to_string(send.src) + " is not in the network");
      std::uint32_t& word = idle_[send.src / hal::kPortsPerIdleWord];
      const std::uint32_t bit = std::uint32_t{1} << (send.src % hal::kPortsPerIdleWord);
      if ((word & bit) == 0) continue;
      word &= ~bit;
      require_ok(driver_.set_port_header(send.src, send.dst, send.tag), "PORT_HEADER");
    }
    for (std::uint32_t w = 0; w < idle_words; ++w) {
      if (w < idle_written_.size() && idle_written_[w] == idle_[w]) continue;  // unchanged
      require_ok(driver_.set_idle_word(w, idle_[w]), "IDLE_MASK");
    }
    idle_written_ = idle_;
    require_ok(driver_.commit(), "commit");
    // Conflicts and misroutes are the verifier's to report (with their ports); only a
    // round that did not run is a failure of the replay itself.
    const Result<hal::FabricStatus> status = driver_.poll_status(kMaxStatusPolls);
    if (!status) internal_error("round: " + std::string(describe(status.error())));
    if (!status->done || status->error) internal_error("the round did not run (STATUS.ERROR set)");

    const std::vector<host::Delivery>& deliveries = fabric_.deliveries();
    delivery_of_.assign(net_.ports, kNoDelivery);
    for (std::size_t k = 0; k < deliveries.size(); ++k) {
      const std::uint32_t source = deliveries[k].source;
      if (source >= net_.ports || delivery_of_[source] != kNoDelivery)
        internal_error("unexpected delivery from port " + std::to_string(source));
      delivery_of_[source] = k;
    }
  }

  /// The delivery of port `source`'s signal in the round commit_round() ran.
  const host::Delivery& delivery_of(std::uint32_t source) const {
    if (delivery_of_[source] == kNoDelivery)
      internal_error("the signal of port " + std::to_string(source) + " arrived nowhere");
    return fabric_.deliveries()[delivery_of_[source]];
  }

  [[noreturn]] void mismatch(const host::Delivery& delivery, std::uint32_t output, std::uint32_t tag) const {
    internal_error("port " + std::to_string(delivery.source) + ": the fabric delivered at " +
                   std::to_string(delivery.output) + " by output ports " +
                   digits(delivery.tag_taken, net_.radix, net_.stages) + ", the programmed states lead to " +
                   std::to_string(output) + " by " + digits(tag, net_.radix, net_.stages));
  }

  /// The fabric reports where a signal arrived and the output ports it took (tag_taken),
  /// not the switches it crossed. The path is therefore route() through the states
  /// configure() programmed, and it must be the fabric's: the same output port at every
  /// stage (each k-shift latched and applied as programmed) and the same arrival.
  Path path_of(const host::Delivery& delivery) const {
    const Path path = route(net_, delivery.source, TableConfiguration{states_});
    if (path.tag != delivery.tag_taken || path.destination != delivery.output)
      mismatch(delivery, path.destination, path.tag);
    return path;
  }

  static constexpr std::size_t kNoDelivery = ~std::size_t{0};

  // Running a round changes the simulated hardware (registers, round counter), not the
  // configured network: trace() is const in the interface, so the block is mutable.
  mutable Fabric fabric_;
  mutable Driver driver_{fabric_};
  mutable std::vector<std::uint32_t> idle_;
  mutable std::vector<std::size_t> delivery_of_;
  mutable std::vector<std::uint32_t> idle_written_;  // IDLE_MASK as last written
  std::vector<std::uint32_t> switch_words_;          // SWITCH_STATE as last written
  StageStates programmed_;                           // the states they hold
  bool switch_words_known_{false};
  bool configured_{false};
  Network net_{};
  const StageStates* states_{nullptr};  // what configure() programmed, for the cross-check
  StatesReplay own_;                    // the core's replay of those states
};

}  // namespace

std::unique_ptr<SwitchReplay> make_fabric_replay() { return std::make_unique<FabricReplay>(); }

}  // namespace a2a::tool
