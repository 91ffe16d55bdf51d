#include "switch_replay.hpp"

namespace a2a::tool {
namespace {

/// A Configuration (route.hpp) reading the states straight from the plan's table.
struct TableConfiguration {
  const StageStates* states{nullptr};
  [[nodiscard]] std::uint32_t switch_state(std::uint32_t stage, std::uint32_t sw) const { return (*states)[stage][sw]; }
};
static_assert(Configuration<TableConfiguration>);

class CoreReplay final : public SwitchReplay {
 public:
  [[nodiscard]] std::string_view backend() const override { return "core route"; }
  void configure(const Network& net, const StageStates& states) override {
    net_ = net;
    states_ = states;
  }
  [[nodiscard]] Path trace(std::uint32_t source) const override {
    return route(net_, source, TableConfiguration{&states_});
  }

 private:
  Network net_{};
  StageStates states_;
};

}  // namespace

std::unique_ptr<SwitchReplay> make_core_replay() { return std::make_unique<CoreReplay>(); }

}  // namespace a2a::tool
