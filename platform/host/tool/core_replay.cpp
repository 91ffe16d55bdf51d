#include "switch_replay.hpp"

#include <stdexcept>

namespace a2a::tool {

void StatesReplay::configure(const Network& net, const StageStates& states) {
  if (!replay_.built_for(net)) {
    words_.assign(StageReplay::words_needed(net), 0);
    replay_ = StageReplay(words_);
    // The tool's networks come from make_network() or a dump checked against it.
    if (!replay_.build(net)) throw std::logic_error("stage replay: no tables for this network");
  }
  states_ = &states;
}

void StatesReplay::trace_round(std::span<const Send> sends, bool switches, RoundTrace& trace) {
  replay_.replay(TableConfiguration{states_});
  const Network& net = replay_.network();
  trace.output.resize(sends.size());
  trace.tag.resize(sends.size());
  for (std::size_t k = 0; k < sends.size(); ++k) {
    trace.output[k] = replay_.output(sends[k].src);
    trace.tag[k] = replay_.tag(sends[k].src);
  }
  trace.switches.clear();
  if (!switches) return;
  trace.switches.resize(std::size_t{net.stages} * sends.size());
  for (std::uint32_t s = 0; s < net.stages; ++s)
    for (std::size_t k = 0; k < sends.size(); ++k)
      trace.switches[s * sends.size() + k] = replay_.switch_index(s, sends[k].src);
}

namespace {

class CoreReplay final : public SwitchReplay {
 public:
  [[nodiscard]] std::string_view backend() const override { return "core route"; }
  void configure(const Network& net, const StageStates& states) override {
    net_ = net;
    states_ = &states;
    replay_.configure(net, states);
  }
  [[nodiscard]] Path trace(std::uint32_t source) const override {
    return route(net_, source, TableConfiguration{states_});
  }
  void replay_round(std::span<const Send> sends, bool switches, RoundTrace& trace) override {
    replay_.trace_round(sends, switches, trace);
  }

 private:
  Network net_{};
  const StageStates* states_{nullptr};
  StatesReplay replay_;
};

}  // namespace

std::unique_ptr<SwitchReplay> make_core_replay() { return std::make_unique<CoreReplay>(); }

}  // namespace a2a::tool
