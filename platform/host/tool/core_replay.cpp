#include "switch_replay.hpp"

namespace a2a::tool {
namespace {

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
