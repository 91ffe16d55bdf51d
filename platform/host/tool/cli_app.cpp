#include "cli_app.hpp"

#include <a2a/version.hpp>

#include <cstdio>
#include <exception>
#include <iostream>
#include <new>
#include <sstream>
#include <vector>

#include "tool_error.hpp"

namespace a2a::tool {
namespace {

/// CLI11's help, laid out as the tool's: "usage: ..." first (what tests and users look
/// for), then what the command does, then CLI11's own lists of options and subcommands.
class HelpFormatter : public CLI::Formatter {
 public:
  using Lookup = std::function<const CommandText*(const CLI::App*)>;
  explicit HelpFormatter(Lookup lookup) : lookup_(std::move(lookup)) {
    column_width(24);
    label("REQUIRED", "");
    label("Positionals", "arguments");
  }

  std::string make_help(const CLI::App* app, std::string name, CLI::AppFormatMode mode) const override {
    const CommandText* text = lookup_(app);
    if (text == nullptr) return CLI::Formatter::make_help(app, std::move(name), mode);
    std::ostringstream out;
    out << "usage: " << text->usage << "\n";
    if (!text->description.empty()) out << "\n" << text->description << "\n";
    out << make_positionals(app) << make_groups(app, mode) << make_subcommands(app, mode);
    if (!text->footer.empty()) out << "\n" << text->footer << (text->footer.ends_with('\n') ? "" : "\n");
    return out.str();
  }

 private:
  Lookup lookup_;
};

/// The option named at the start of a CLI11 message ("--ports: 1 required ...").
std::string option_in(const std::string& message) {
  const std::string name = message.substr(0, message.find_first_of(": "));
  return name.starts_with("-") ? name : "--" + name;  // a flag's message names it without its dashes
}

/// CLI11's parse errors in the tool's words (the messages the tool has always printed).
std::string reworded(const CLI::ParseError& e) {
  const std::string what = e.what();
  if (dynamic_cast<const CLI::ArgumentMismatch*>(&e) != nullptr) {
    const std::string option = option_in(what);
    if (what.find("flag override") != std::string::npos) return "option " + option + " takes no value";
    if (what.find("At Most") != std::string::npos) return "option " + option + " given twice";
    return "option " + option + " needs a value";
  }
  return what;
}

/// A word CLI11 left over (allow_extras): an option nobody declared, or a stray word.
std::string leftover(const std::string& word) {
  if (word.rfind("--", 0) == 0 && word.size() > 2)
    return "unknown option " + word.substr(0, word.find('=')) + " (see --help)";
  return "unexpected argument '" + word + "' (options start with --; see --help)";
}

/// "plan", "config encode": the subcommands parsed, outermost first.
std::vector<const CLI::App*> chain_of(const CLI::App& top) {
  std::vector<const CLI::App*> chain;
  const CLI::App* at = &top;
  for (;;) {
    const auto parsed = at->get_subcommands();
    if (parsed.empty()) return chain;
    at = parsed.front();
    chain.push_back(at);
  }
}

std::string prefix_of(const std::vector<const CLI::App*>& chain) {
  std::string prefix = "a2a";
  for (const CLI::App* a : chain) prefix += " " + a->get_name();
  return prefix;
}

/// CLI11 gives an option its next word even when that is another option (--ports --topology):
/// refused as the tool always has, before any other check of the value.
CLI::Validator not_an_option(const std::string& option) {
  return {[option](std::string& text) -> std::string {
            if (text.starts_with("--")) throw UsageError("option " + option + " needs a value");
            return {};
          },
          ""};
}

}  // namespace

CommandLine::CommandLine() : app_("a2a", "a2a") {
  app_.formatter(std::make_shared<HelpFormatter>([this](const CLI::App* app) -> const CommandText* {
    const auto it = entries_.find(app);
    return it == entries_.end() ? nullptr : &it->second.text;
  }));
  app_.require_subcommand(0, 1);
  app_.set_help_flag();                                       // `a2a --help` is answered before parsing (run())
  app_.set_version_flag("--version", std::string(kVersion));  // listed in the help; run() answers it
  entries_.emplace(&app_,
                   Entry{{"a2a", "", "a2a <command> [options]   (a2a <command> --help for its options)", ""}, nullptr});
}

CLI::App& CommandLine::command(const CommandText& text, CommandRun run, CLI::App* parent) {
  CLI::App* owner = parent != nullptr ? parent : &app_;
  CLI::App* app = owner->add_subcommand(text.name, text.summary);
  app->group(parent != nullptr ? "subcommands" : "commands");
  app->allow_extras();  // left-over words are reported in the tool's words (leftover())
  app->require_subcommand(0, 1);
  app->set_help_flag("-h,--help", "this text")->group("options");
  entries_.emplace(app, Entry{text, std::move(run)});
  return *app;
}

CLI::Option* CommandLine::value(CLI::App& app, const std::string& name, const std::string& placeholder,
                                const std::string& help) {
  return app.add_option("--" + name, help)
      ->option_text(placeholder)
      ->expected(1)
      ->check(not_an_option("--" + name))
      ->group("options");
}

CLI::Option* CommandLine::number(CLI::App& app, const std::string& name, const std::string& placeholder,
                                 const std::string& help, const NumberRange& range) {
  const std::string option = "--" + name;
  CLI::Validator whole(
      [option, range](std::string& text) -> std::string {
        const std::uint32_t v = parse_number(option, text);  // throws the tool's message
        if (v < range.min)
          throw UsageError(option + " needs at least " + std::to_string(range.min) + " " + range.unit + ", got " +
                           text);
        if (v > range.max)
          throw UsageError(option + " " + text + " is too many (at most " + std::to_string(range.max) + ")");
        return {};
      },
      "");
  return value(app, name, placeholder, help)->check(whole);
}

CLI::Option* CommandLine::repeated(CLI::App& app, const std::string& name, const std::string& placeholder,
                                   const std::string& help) {
  return app.add_option("--" + name, help)
      ->option_text(placeholder)
      ->expected(1)
      ->check(not_an_option("--" + name))
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll)
      ->group("options");
}

CLI::Option* CommandLine::flag(CLI::App& app, const std::string& name, const std::string& help) {
  return app.add_flag("--" + name, help)
      ->disable_flag_override()
      ->multi_option_policy(CLI::MultiOptionPolicy::Throw)
      ->group("options");
}

void CommandLine::words(CLI::App& app, const std::string& placeholder, const std::string& help, bool prefix) {
  if (prefix) {
    app.prefix_command();  // the words after the options are the command's, whatever they look like
    return;
  }
  app.add_option(placeholder, help)->expected(1, 1 << 20)->allow_extra_args()->group("arguments");
}

void CommandLine::print_tool_usage(std::FILE* to) const {
  const std::string help = app_.help();
  std::fwrite(help.data(), 1, help.size(), to);
}

int CommandLine::dispatch(const CLI::App& app) {
  const auto chain = chain_of(app);
  const CLI::App* last = chain.back();
  // Left-over words, outermost command first: unknown options and stray words.
  for (const CLI::App* a : chain) {
    const bool takes_words = a->get_prefix_command();
    const auto rest = a->remaining();
    if (rest.empty() || (takes_words && !rest.front().starts_with("-"))) continue;
    if (a->get_subcommands({}).empty() || a != last) throw UsageError(leftover(rest.front()));
    // A command with subcommands (config) given a word that is none of them.
    std::string known;
    for (const CLI::App* sub : a->get_subcommands({})) known += (known.empty() ? "" : ", ") + sub->get_name();
    throw UsageError("unknown subcommand '" + rest.front() + "' (known: " + known + ")");
  }
  const Entry& entry = entries_.at(last);
  Args args;
  for (const CLI::Option* opt : last->get_options()) {
    if (opt->count() == 0 || opt == last->get_help_ptr()) continue;
    const std::string name = opt->get_name().starts_with("--") ? opt->get_name().substr(2) : "";
    for (const std::string& v : opt->results()) {
      if (name.empty())
        args.add_word(v);
      else
        args.add(name, opt->get_type_size() == 0 ? std::string{} : v);
    }
  }
  if (last->get_prefix_command())
    for (const std::string& word : last->remaining()) args.add_word(word);
  if (!entry.run) {
    std::string known;
    for (const CLI::App* sub : last->get_subcommands({})) known += (known.empty() ? "" : "|") + sub->get_name();
    throw UsageError("missing subcommand: " + prefix_of(chain) + " " + known + " (see " + prefix_of(chain) +
                     " --help)");
  }
  return entry.run(args);
}

int CommandLine::run(int argc, char** argv) {
  const std::vector<std::string> words(argv + 1, argv + argc);
  if (words.empty()) {
    std::fprintf(stderr, "a2a: error: missing command\n");
    print_tool_usage(stderr);
    return kExitUsage;
  }
  if (words[0] == "--help" || words[0] == "-h" || words[0] == "help") {
    print_tool_usage(stdout);
    return kExitClean;
  }
  if (words[0] == "--version") {
    std::printf("a2a %.*s\n", static_cast<int>(kVersion.size()), kVersion.data());
    return kExitClean;
  }
  const auto named = app_.get_subcommands([&](const CLI::App* sub) { return sub->get_name() == words[0]; });
  if (named.empty()) {
    std::fprintf(stderr, "a2a: error: unknown command '%s'\n", words[0].c_str());
    print_tool_usage(stderr);
    return kExitUsage;
  }
  // Errors name the subcommands parsed so far: "a2a config decode: error: ...".
  const auto prefix = [this] { return prefix_of(chain_of(app_)); };
  try {
    try {
      app_.parse(argc, argv);
    } catch (const CLI::CallForHelp&) {
      std::cout << app_.help() << std::flush;  // the parsed subcommand's help (CLI11 delegates)
      return kExitClean;
    } catch (const CLI::ParseError& e) {
      throw UsageError(reworded(e));
    }
    return dispatch(app_);
  } catch (const UsageError& e) {
    std::cout.flush();
    std::fprintf(stderr, "%s: error: %s\n", prefix().c_str(), e.what());
  } catch (const std::bad_alloc&) {
    std::fprintf(stderr, "%s: error: out of memory (the input or N is too large)\n", prefix().c_str());
  } catch (const std::exception& e) {
    std::fprintf(stderr, "%s: error: %s\n", prefix().c_str(), e.what());
  }
  return kExitUsage;
}

}  // namespace a2a::tool
