// Stage-parallel replay: one round's signals pushed through the network a stage
// at a time, all of them together, from the fixed wiring and the switch states
// only (nothing of a schedule's closed forms), as route() walks one signal.
//
// route() recomputes the wiring for every signal at every stage (the topology's
// description, with divisions by d and N/d). Here the wiring is tabulated once
// per network (StageWiring, in the caller's words): for each processor the switch
// and input port of stage 0 it is wired to, for each output of stage s the switch
// and input port of stage s+1, behind the last stage the network output. A round
// (StageReplay) then costs, per stage, one call of switch_state() per switch (and
// of forced_port() and faulty() where the configuration has them), and per signal
// three table reads and a few additions: no division, no dispatch.
//
// StageReplay keeps where every port's signal is after each stage. The path of a
// signal through stages 0..s-1 depends only on its port, the wiring and the states
// of those stages; so when a round's states equal the previous round's in stages
// 0..s-1 (and differ in stage s), the round is replayed from stage s on. In Gray
// order consecutive rounds differ in one stage, mostly a late one: about two stages
// a round are replayed instead of n. The states of every stage are read every
// round, and compared, so any order of rounds (or any configurations) is replayed
// exactly.
//
// Used by check_exchange (verify.hpp) and walk_round (round_walk.hpp) when the
// caller's storage holds it, and by the host tool's verifier. route() stays the
// ground truth: tests/core/stage_replay_test.cpp holds the replay to it, signal by
// signal and stage by stage, for every topology.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <type_traits>

#include "a2a/limits.hpp"
#include "a2a/route.hpp"
#include "a2a/topology.hpp"

// The per-stage loop of the replay is kept out of line (its callers are large; inlined
// there, the loop's pointers spill to the stack); what is done once per signal after it
// (marking an output, judging a claim) is inlined into the loop over the signals.
#if defined(__GNUC__)
#define A2A_STAGE_REPLAY_HOT [[gnu::noinline]]
#define A2A_REPLAY_INLINE __attribute__((always_inline))
#define A2A_REPLAY_FLATTEN __attribute__((flatten))
#else
#define A2A_STAGE_REPLAY_HOT
#define A2A_REPLAY_INLINE
#define A2A_REPLAY_FLATTEN
#endif

namespace a2a {

/// A network's fixed wiring as tables in the caller's words. A view: copying it
/// shares the words.
///
/// A terminal of a switch is a slot: switch << b | port, with b bits for a port
/// (2^b >= d; b = log2 d when d is a power of two, so the slot is the terminal number
/// switch x d + port). Layout: N words for the processors (processor i -> the slot of
/// stage 0 it is wired to), then for each stage s < n-1 one word per output slot of
/// stage s -> the input slot of stage s+1 it is wired to, last one word per output slot
/// of stage n-1 -> the network output it reaches (>= N: an output no processor reads,
/// the shift network). A signal's hop through a switch keeps the switch bits of its
/// slot and replaces the port bits: no division, no multiplication.
class StageWiring {
 public:
  /// Bits of the port in a slot: the least b with 2^b >= d.
  [[nodiscard]] static constexpr std::uint32_t port_bits(std::uint32_t radix) {
    std::uint32_t b = 0;
    while ((std::uint32_t{1} << b) < radix) ++b;
    return b;
  }
  /// Slots of one stage's outputs: switches x 2^b (N or 2N where d is a power of two).
  [[nodiscard]] static constexpr std::size_t slots(const Network& net) {
    return std::size_t{net.switches_per_stage()} << port_bits(net.radix);
  }
  /// Words of the tables for `net`.
  [[nodiscard]] static constexpr std::size_t words_needed(const Network& net) {
    return net.ports + std::size_t{net.stages} * slots(net);
  }
  /// At least words_needed(net) for every network of the core's list with at most `ports`
  /// ports and `stages` stages (a stage has fewer than 2N output slots; the shift network
  /// 2N), for static storage.
  [[nodiscard]] static constexpr std::size_t words_bound(std::uint32_t ports, std::uint32_t stages = kMaxStages) {
    return ports + std::size_t{stages} * 2 * ports;
  }

  constexpr StageWiring() = default;
  explicit constexpr StageWiring(std::span<std::uint32_t> words) : words_(words) {}

  /// Tabulates the wiring of `net` as the topology list List defines it (route()
  /// follows the list a configuration names: detail::TopologiesOf). False, with nothing
  /// built, if the words are too few or the wiring leads to a switch beyond the stage
  /// (a broken description: route() would read past the stage too).
  template <class List = Topologies>
  constexpr bool build(const Network& net) {
    built_ = false;
    if (net.stages == 0 || net.stages > kMaxStages || net.radix < 2 || net.radix > kMaxRadix ||
        words_.size() < words_needed(net))
      return false;
    const std::uint32_t bits = port_bits(net.radix);
    const std::size_t per_stage = slots(net);
    const std::uint32_t switches = net.switches_per_stage();
    // The slot of the terminal t in front of stage s (t itself, for a power-of-two d).
    const auto into = [&](std::uint32_t s, std::uint32_t terminal, std::uint32_t& slot) {
      const std::uint32_t t = List::before_stage(net, s, terminal);
      const std::uint32_t sw = t / net.radix;
      slot = (sw << bits) | (t % net.radix);
      return sw < switches;
    };
    for (std::uint32_t i = 0; i < net.ports; ++i)
      if (!into(0, i, words_[i])) return false;
    for (std::uint32_t s = 0; s < net.stages; ++s) {
      const std::span<std::uint32_t> link = words_.subspan(net.ports + s * per_stage, per_stage);
      for (std::uint32_t sw = 0; sw < switches; ++sw) {
        for (std::uint32_t port = 0; port < (std::uint32_t{1} << bits); ++port) {
          std::uint32_t& next = link[(std::size_t{sw} << bits) | port];
          next = 0;  // no such port (d < 2^b): no signal leaves there
          if (port >= net.radix) continue;
          const std::uint32_t behind = List::after_stage(net, s, sw * net.radix + port);
          if (s + 1 == net.stages) {
            next = behind;  // the network output
          } else if (!into(s + 1, behind, next)) {
            return false;
          }
        }
      }
    }
    net_ = net;
    bits_ = bits;
    slots_ = per_stage;
    built_ = true;
    return true;
  }

  [[nodiscard]] constexpr bool built() const { return built_; }
  /// Built, and for this network (the tables of another one must be built anew).
  [[nodiscard]] constexpr bool built_for(const Network& net) const { return built_ && net_ == net; }
  [[nodiscard]] constexpr const Network& network() const { return net_; }
  [[nodiscard]] constexpr std::uint32_t bits() const { return bits_; }
  /// Processor i -> its input slot of stage 0.
  [[nodiscard]] constexpr std::span<const std::uint32_t> into_network() const { return words_.first(net_.ports); }
  /// Output slot of stage s -> input slot of stage s+1 (the network output for the last stage).
  [[nodiscard]] constexpr std::span<const std::uint32_t> behind_stage(std::uint32_t s) const {
    return words_.subspan(net_.ports + s * slots_, slots_);
  }

 private:
  std::span<std::uint32_t> words_{};
  Network net_{};
  std::uint32_t bits_{0};
  std::size_t slots_{0};
  bool built_{false};
};

/// Every port's signal through a network, stage by stage, in the caller's words: the
/// wiring tables, then for each stage each port's output slot and tag so far, and the
/// switch states the stage was replayed with. A view, like StageWiring.
class StageReplay {
 public:
  /// Words for `net`: the wiring tables, 2 N per stage (slots and tags), and the states.
  [[nodiscard]] static constexpr std::size_t words_needed(const Network& net) {
    const std::size_t per_stage = 2 * static_cast<std::size_t>(net.ports) + net.switches_per_stage();
    return StageWiring::words_needed(net) + net.stages * per_stage;
  }
  /// At least words_needed(net) for every network of at most `ports` ports and `stages`
  /// stages (static storage).
  [[nodiscard]] static constexpr std::size_t words_bound(std::uint32_t ports, std::uint32_t stages = kMaxStages) {
    return StageWiring::words_bound(ports, stages) + static_cast<std::size_t>(stages) * 3 * ports;
  }

  constexpr StageReplay() = default;
  explicit constexpr StageReplay(std::span<std::uint32_t> words) : words_(words) {}

  /// Tabulates the wiring of `net` (StageWiring::build with List) and forgets every
  /// replay. False if the words are too few (words_needed) or the wiring is broken.
  template <class List = Topologies>
  constexpr bool build(const Network& net) {
    valid_stages_ = 0;
    if (words_.size() < words_needed(net)) {
      wiring_ = StageWiring{};
      return false;
    }
    wiring_ = StageWiring(words_.first(StageWiring::words_needed(net)));
    if (!wiring_.template build<List>(net)) return false;
    const std::size_t column = std::size_t{net.stages} * net.ports;
    slots_ = words_.subspan(StageWiring::words_needed(net), column);
    tags_ = words_.subspan(StageWiring::words_needed(net) + column, column);
    states_ =
        words_.subspan(StageWiring::words_needed(net) + 2 * column, std::size_t{net.stages} * net.switches_per_stage());
    switches_ = net.switches_per_stage();
    const std::size_t last = std::size_t{net.stages - 1} * net.ports;
    last_slots_ = slots_.subspan(last, net.ports);
    last_tags_ = tags_.subspan(last, net.ports);
    outputs_ = wiring_.behind_stage(net.stages - 1);
    return true;
  }
  [[nodiscard]] constexpr bool built() const { return wiring_.built(); }
  [[nodiscard]] constexpr bool built_for(const Network& net) const { return wiring_.built_for(net); }
  [[nodiscard]] constexpr const Network& network() const { return wiring_.network(); }

  /// Replays every port's signal (N of them, idle ports or not: the caller reads the
  /// ones that send) through the switches of `config`, a Configuration of the network
  /// and list it was built for. Stages whose states, and those of every stage before,
  /// equal the previous replay's keep their signals.
  template <Configuration C>
  constexpr void replay(const C& config) {
    const Network& net = wiring_.network();
    std::uint32_t first = valid_stages_;
    if constexpr (std::is_trivially_copyable_v<C> && sizeof(C) <= 64) {
      // A copy the state words cannot alias: what switch_state() reads of a round that
      // is the same for a whole stage is then read once per stage, not per switch.
      const C local = config;
      for (std::uint32_t s = 0; s < net.stages; ++s)
        if (load_states(local, s) && s < first) first = s;
    } else {
      for (std::uint32_t s = 0; s < net.stages; ++s)
        if (load_states(config, s) && s < first) first = s;
    }
    for (std::uint32_t s = first; s < net.stages; ++s) replay_stage(s);
    replayed_stages_ = net.stages - first;
    valid_stages_ = net.stages;
  }

  /// After replay(): the network output port i's signal reached (route()'s destination).
  [[nodiscard]] constexpr std::uint32_t output(std::uint32_t i) const { return outputs_[last_slots_[i]]; }
  /// The output ports it took (route()'s tag).
  [[nodiscard]] constexpr std::uint32_t tag(std::uint32_t i) const { return last_tags_[i]; }
  /// The switch of stage s it went through (route()'s hops[s].switch_index).
  [[nodiscard]] constexpr std::uint32_t switch_index(std::uint32_t s, std::uint32_t i) const {
    return slot(s, i) >> wiring_.bits();
  }
  /// Whether that switch is faulty (config.faulty(s, switch); false without that member).
  [[nodiscard]] constexpr bool faulty(std::uint32_t s, std::uint32_t i) const {
    return (state(s, switch_index(s, i)) & kFaulty) != 0;
  }
  /// Whether any switch of stage s is faulty (so that faulty() need be asked there only).
  [[nodiscard]] constexpr bool stage_faulty(std::uint32_t s) const { return ((faulty_stages_ >> s) & 1U) != 0; }
  /// Whether any switch is faulty.
  [[nodiscard]] constexpr bool any_faulty() const { return faulty_stages_ != 0; }
  /// How many stages the last replay() went through (the others were kept).
  [[nodiscard]] constexpr std::uint32_t replayed_stages() const { return replayed_stages_; }

 private:
  static constexpr std::uint32_t kPortMask = 0xFFU;  ///< the k-shift (< d), or the forced port
  static constexpr std::uint32_t kForced = 1U << 8;
  static constexpr std::uint32_t kFaulty = 1U << 9;

  [[nodiscard]] constexpr std::uint32_t slot(std::uint32_t s, std::uint32_t i) const {
    return slots_[std::size_t{s} * wiring_.network().ports + i];
  }
  [[nodiscard]] constexpr std::uint32_t state(std::uint32_t s, std::uint32_t sw) const {
    return states_[std::size_t{s} * switches_ + sw];
  }

  /// Reads the states of stage s as the hops use them (the k-shift reduced mod d, or the
  /// forced port with kForced; kFaulty where the configuration reports the switch
  /// faulty); true if any differs from what the stage had.
  template <Configuration C>
  constexpr bool load_states(const C& config, std::uint32_t s) {
    constexpr bool kForcing = requires {
      { config.forced_port(0U, 0U) } -> std::convertible_to<std::uint32_t>;
    };
    constexpr bool kFaults = requires {
      { config.faulty(0U, 0U) } -> std::convertible_to<bool>;
    };
    const std::uint32_t d = wiring_.network().radix;
    const std::uint32_t switches = switches_;
    const std::span<std::uint32_t> row = states_.subspan(static_cast<std::size_t>(s) * switches, switches);
    bool changed = false;
    std::uint32_t flags = 0;
    const auto load = [&](auto reduce) {
#pragma GCC unroll 4
      for (std::uint32_t y = 0; y < switches; ++y) {
        std::uint32_t state = reduce(static_cast<std::uint32_t>(config.switch_state(s, y)));
        if constexpr (kForcing) {
          if (const std::uint32_t forced = config.forced_port(s, y); forced != kNotForced)
            state = kForced | (forced % d);
        }
        if constexpr (kFaults) {
          if (config.faulty(s, y)) state |= kFaulty;
        }
        if constexpr (kForcing || kFaults) flags |= state;
        if (row[y] != state) {  // rare between rounds in Gray order: most stages keep theirs
          row[y] = state;
          changed = true;
        }
      }
    };
    // route(): a state >= d acts as state mod d (d = 2^b: its low b bits).
    if ((d & (d - 1)) == 0)
      load([mask = d - 1](std::uint32_t raw) { return raw & mask; });
    else
      load([d](std::uint32_t raw) { return raw < d ? raw : raw % d; });
    const std::uint32_t bit = std::uint32_t{1} << s;
    faulty_stages_ = (faulty_stages_ & ~bit) | ((flags & kFaulty) != 0 ? bit : 0U);
    plain_stages_ = (plain_stages_ & ~bit) | ((flags & (kForced | kFaulty)) == 0 ? bit : 0U);
    return changed;
  }

  /// Every port's signal through the switches of stage s: from its input slot (through
  /// the wiring from stage s-1's output slot, or from the processor) to its output slot.
  /// kBits: b for a power-of-two d and a stage with no forced port and no faulty switch
  /// (the usual case: a few operations a hop), else 0. Out of line, so that its few
  /// values live in registers.
  template <std::uint32_t kBits>
  A2A_STAGE_REPLAY_HOT constexpr void hop_stage(std::uint32_t s) {
    const Network& net = wiring_.network();
    const std::uint32_t d = net.radix;
    const std::uint32_t bits = kBits != 0 ? kBits : wiring_.bits();
    const std::uint32_t port_mask = (std::uint32_t{1} << bits) - 1;
    const std::size_t ports = net.ports;
    const std::uint32_t* states = states_.subspan(std::size_t{s} * switches_).data();
    std::uint32_t* out_slots = slots_.subspan(s * ports, ports).data();
    std::uint32_t* tags = tags_.subspan(s * ports, ports).data();
    const auto hop = [&](std::size_t i, std::uint32_t slot, std::uint32_t tag) {
      const std::uint32_t state = states[slot >> bits];
      std::uint32_t out = 0;
      if constexpr (kBits != 0) {
        out = (slot + state) & port_mask;  // k-shift: (in + k) mod d; the switch bits drop out
      } else {
        out = (slot & port_mask) + (state & kPortMask);
        out -= out >= d ? d : 0;
        if ((state & kForced) != 0) out = state & kPortMask;  // a stuck switch
      }
      out_slots[i] = (slot & ~port_mask) | out;
      tags[i] = kBits != 0 ? (tag << kBits) | out : tag * d + out;
    };
    if (s == 0) {
      const std::uint32_t* into = wiring_.into_network().data();
      for (std::size_t i = 0; i < ports; ++i) hop(i, into[i], 0);
      return;
    }
    const std::uint32_t* link = wiring_.behind_stage(s - 1).data();
    const std::uint32_t* before = slots_.subspan((s - 1) * ports, ports).data();
    const std::uint32_t* tags_before = tags_.subspan((s - 1) * ports, ports).data();
    for (std::size_t i = 0; i < ports; ++i) hop(i, link[before[i]], tags_before[i]);
  }

  /// hop_stage with the fast loop where it applies.
  constexpr void replay_stage(std::uint32_t s) {
    const std::uint32_t d = wiring_.network().radix;
    const bool fast = (d & (d - 1)) == 0 && ((plain_stages_ >> s) & 1U) != 0;
    switch (fast ? wiring_.bits() : 0U) {
      case 1: return hop_stage<1>(s);
      case 2: return hop_stage<2>(s);
      case 3: return hop_stage<3>(s);
      case 4: return hop_stage<4>(s);
      default: return hop_stage<0>(s);
    }
  }

  std::span<std::uint32_t> words_{};
  StageWiring wiring_{};
  std::span<std::uint32_t> slots_{};   ///< stage s, port i: output slot (n x N)
  std::span<std::uint32_t> tags_{};    ///< stage s, port i: output ports of stages 0..s (n x N)
  std::span<std::uint32_t> states_{};  ///< stage s, switch y: the state replayed (n x switches)
  std::span<const std::uint32_t> last_slots_{}, last_tags_{}, outputs_{};  ///< the last stage's, and the outputs
  std::uint32_t switches_{0};                                              ///< switches of a stage
  std::uint32_t valid_stages_{0};  ///< stages whose slots and tags hold for states_
  std::uint32_t replayed_stages_{0};
  std::uint32_t faulty_stages_{0};  ///< bit s: a switch of stage s is faulty
  std::uint32_t plain_stages_{0};   ///< bit s: no switch of stage s is forced or faulty
};

}  // namespace a2a
