#!/usr/bin/env python3
"""The docs test: runs every command the documentation shows and compares what it shows.

    docs_test.py --root SRC --tool A2A --device A2A_DOCS_DEVICE [--jobs J] [--verbose] [PAGE ...]
    docs_test.py --self-test --root SRC --tool A2A --device A2A_DOCS_DEVICE

Scans README.md and docs/*.md (or the PAGEs given) and runs, page by page in a
scratch directory of its own, in the page's order:

- fenced blocks with no info string or `sh`, `console`, `shell`, `bash` (other
  info strings, e.g. `text`, `cpp`, `json`, are never run):
  - a transcript (lines starting `$ `): each `$ ` line (continued by a trailing
    backslash) is a shell command, the lines up to the next `$ ` line are its
    whole output (stdout and stderr), compared line by line;
  - otherwise each line that runs `a2a`, `tools/run-main.sh` or the controller
    image under `qemu-system-arm` is run (output not shown, not compared); other
    lines (cmake, openocd, ...) are not commands of this project's programs and
    are listed as not run;
  - after `<!-- docs-test: device -->`: a console session with the controller;
    the lines before the first `> ` line are the banner, each `> LINE` is sent
    and the lines after it are its reply;
- inline code spans that run the tool with an option (`a2a dump --topology shift
  --ports 8`) or `tools/run-main.sh` (README's override lines).

Expected output: a line `...` stands for any number of lines, `...` inside a
line for any text. Exit status: 0 unless the command line ends with a comment
`# exit status N`; a device reply with no lines shown must end `ok`.

Directives, an HTML comment on its own line before a block, or right after an
inline span: `<!-- docs-test: skip (REASON) -->` (not run, counted and printed
with its reason; a reason is required), `<!-- docs-test: setup COMMAND -->`
(a shell command run first, e.g. to make a file the example reads),
`<!-- docs-test: device [board=NAME] -->` (above).

How the docs' spellings map to this machine: `a2a` and
`build/*/platform/host/tool/a2a` are --tool; `qemu-system-arm ... -kernel
.../a2a_controller.elf` is --device, the firmware's device on the host over the
emulated fabric (-M NAME its board name, -serial stdio or unix:PATH,server=on,
wait=on|off, -device loader,file=F its configuration region); `/tmp/` is the
scratch directory; `tools/run-main.sh` runs from the source tree with
A2A_MAIN_DEVICE set, so the same steps go to --device instead of QEMU.

Exit status 0 when every command held, 1 when one did not, 2 for usage errors.
"""
import argparse
import concurrent.futures
import functools
import glob
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

RUN_INFO = {"", "sh", "console", "shell", "bash"}
FENCE = re.compile(r"^(\s*)```(\S*)\s*$")
DIRECTIVE = re.compile(r"<!--\s*docs-test:\s*(.*?)\s*-->")
STATUS_COMMENT = re.compile(r"#.*\bexit status (\d+)\b")
TOOL_COMMANDS = ("list", "plan", "dump", "verify", "render", "table", "config", "device")
INLINE_TOOL = re.compile(r"^a2a (%s)( |$)" % "|".join(TOOL_COMMANDS))
# A line runs one of them where a command starts: a2a with one of its commands
# (`| a2a tool: ...` in a diagram, `a2a controller 0.2.0` in a banner do not).
RUNS_PROGRAM = re.compile(r"(^|[|;&]\s*|\btimeout \d+\s+)(a2a\s+(%s|--help)\b|tools/run-main\.sh(\s|$)|qemu-system-arm\s)"
                          % "|".join(TOOL_COMMANDS))
COMMAND_TIMEOUT = 60


class Item:
    """One thing to run: a shell command (kind 'shell'), a device session ('device') or a skip."""

    def __init__(self, page, line, kind, text=None, expected=None, status=0, setup=(), board=None,
                 session=None, banner=None, reason=None, inline=False):
        self.page, self.line, self.kind, self.inline = page, line, kind, inline
        self.text, self.expected, self.status = text, expected, status
        self.setup, self.board = list(setup), board
        self.session, self.banner, self.reason = session, banner, reason

    def where(self):
        return f"{self.page}:{self.line}"


# --- parsing -------------------------------------------------------------------


def parse_directive(text, where, problems):
    """('skip', reason) | ('setup', command) | ('device', {options}) | None."""
    m = re.fullmatch(r"skip\s*\((.+)\)", text)
    if m:
        return ("skip", m.group(1).strip())
    if text.startswith("skip"):
        problems.append(f"{where}: a skip needs a reason: <!-- docs-test: skip (REASON) -->")
        return None
    if text.startswith("setup "):
        return ("setup", text[len("setup "):].strip())
    if text == "device" or text.startswith("device "):
        options = {}
        for word in text.split()[1:]:
            key, _, value = word.partition("=")
            if key != "board" or not value:
                problems.append(f"{where}: unknown device option '{word}' (known: board=NAME)")
            options[key] = value
        return ("device", options)
    problems.append(f"{where}: unknown docs-test directive '{text}' (known: skip (REASON), setup CMD, device)")
    return None


def logical_lines(lines, first_line):
    """Joins backslash continuations: [(line number, text)]."""
    out = []
    pending, start = None, 0
    for i, raw in enumerate(lines):
        if pending is None:
            start = first_line + i
            pending = raw
        else:
            pending += "\n" + raw
        if raw.rstrip().endswith("\\"):
            continue
        out.append((start, pending))
        pending = None
    if pending is not None:
        out.append((start, pending))
    return out


def expected_status(command):
    m = STATUS_COMMENT.search(command.splitlines()[-1])
    return int(m.group(1)) if m else 0


def parse_transcript(page, lines, first_line, setup):
    items = []
    current = None
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.startswith("$ "):
            command = line[2:]
            start = i
            while command.rstrip().endswith("\\") and i + 1 < len(lines):
                i += 1
                command += "\n" + lines[i]
            current = Item(page, first_line + start, "shell", text=command, expected=[],
                           status=expected_status(command), setup=setup if not items else ())
            items.append(current)
        elif current is not None:
            current.expected.append(line)
        i += 1
    return items


def parse_session(page, lines, first_line, setup, board):
    banner, session = [], []
    for line in lines:
        if line.startswith("> "):
            session.append((line[2:], []))
        elif session:
            session[-1][1].append(line)
        else:
            banner.append(line)
    return Item(page, first_line, "device", session=session, banner=banner, setup=setup, board=board)


def parse_page(path, name):
    """The items of one page in order, and the problems found in its markup."""
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    items, problems = [], []
    pending = []  # directives waiting for their block: (line, kind, value)
    outside = []  # the page with fenced blocks blanked, for inline spans
    i = 0
    while i < len(lines):
        line = lines[i]
        fence = FENCE.match(line)
        stripped = line.strip()
        directive = DIRECTIVE.fullmatch(stripped)
        if directive:
            d = parse_directive(directive.group(1), f"{name}:{i + 1}", problems)
            if d:
                pending.append((i + 1, *d))
            outside.append("")
            i += 1
            continue
        if not fence:
            if stripped and pending:
                problems.append(f"{name}:{pending[0][0]}: a docs-test directive must stand right before a fenced block")
                pending = []
            outside.append(line)
            i += 1
            continue
        indent, info = fence.group(1), fence.group(2)
        body = []
        j = i + 1
        while j < len(lines) and not re.match(r"^\s*```\s*$", lines[j]):
            body.append(lines[j][len(indent):] if lines[j].startswith(indent) else lines[j].lstrip())
            j += 1
        first = i + 2  # page line number of body[0]
        outside.extend([""] * (j - i + 1))
        directives, pending = pending, []
        i = j + 1
        kinds = {d[1] for d in directives}
        if info not in RUN_INFO:
            if directives:
                problems.append(f"{name}:{first - 1}: docs-test directive on a ```{info} block, which is never run")
            continue
        skip = [d for d in directives if d[1] == "skip"]
        setup = [d[2] for d in directives if d[1] == "setup"]
        if skip:
            items.append(Item(name, first - 1, "skip", reason=skip[0][2]))
            continue
        if "device" in kinds:
            options = [d[2] for d in directives if d[1] == "device"][0]
            items.append(parse_session(name, body, first, setup, options.get("board", "mps2-an385")))
            continue
        if any(b.startswith("$ ") for b in body):
            items.extend(parse_transcript(name, body, first, setup))
            continue
        ran, others = False, []
        for number, text in logical_lines(body, first):
            command = text.strip()
            if not command or command.startswith("#"):
                continue
            if RUNS_PROGRAM.search(command):
                items.append(Item(name, number, "shell", text=command, status=expected_status(command),
                                  setup=setup if not ran else ()))
                ran = True
            else:
                others.append(Item(name, number, "other", text=command))
        # Lines of a shell block, or beside a command, are commands not run; an
        # unlabelled block with no command is a picture or an output sample.
        if ran or info:
            items.extend(others)
        elif setup:
            problems.append(f"{name}:{first - 1}: setup before a block that runs nothing")
    if pending:
        problems.append(f"{name}:{pending[0][0]}: a docs-test directive must stand right before a fenced block")
    items.extend(inline_items(name, "\n".join(outside), problems))
    items.sort(key=lambda it: it.line)
    return items, problems


def inline_items(name, text, problems):
    items = []
    for m in re.finditer(r"(?<!`)`([^`]+)`(?!`)", text):
        span = m.group(1)
        if "\n\n" in span:
            continue
        command = " ".join(span.split())
        line = text.count("\n", 0, m.start()) + 1
        runs_tool = INLINE_TOOL.match(command) and " --" in command
        runs_main = command.startswith("tools/run-main.sh ") and "[" not in command  # with arguments
        if not (runs_tool or runs_main):
            continue
        after = DIRECTIVE.match(text, m.end())
        if after:
            d = parse_directive(after.group(1), f"{name}:{line}", problems)
            if d and d[0] == "skip":
                items.append(Item(name, line, "skip", reason=d[1], text=command))
                continue
            if d:
                problems.append(f"{name}:{line}: only skip may follow an inline span")
        items.append(Item(name, line, "shell", text=command, status=0, inline=True))
    return items


# --- running -------------------------------------------------------------------


class Page:
    """A page's scratch directory, its programs on PATH and its background processes."""

    def __init__(self, args, name):
        self.args = args
        self.dir = tempfile.mkdtemp(prefix="a2a-docs-")
        self.bin = os.path.join(self.dir, ".bin")
        os.mkdir(self.bin)
        os.symlink(os.path.abspath(args.tool), os.path.join(self.bin, "a2a"))
        os.symlink(os.path.abspath(args.device), os.path.join(self.bin, "a2a_docs_device"))
        self.env = dict(os.environ, PATH=self.bin + os.pathsep + os.environ.get("PATH", ""),
                        A2A_MAIN_DEVICE=os.path.abspath(args.device) + " --board mps2-an385")
        self.env.pop("A2A_PROGRESS", None)
        self.background = []

    def close(self):
        for proc in self.background:
            if proc.poll() is None:
                os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
        shutil.rmtree(self.dir, ignore_errors=True)


def translate_qemu(words):
    """qemu-system-arm's words -> a2a_docs_device's, or raises ValueError."""
    out = ["a2a_docs_device"]
    kernel = None
    i = 1
    while i < len(words):
        option = words[i]
        value = words[i + 1] if i + 1 < len(words) else ""
        i += 2
        if option == "-M":
            out += ["--board", value]
        elif option in ("-display", "-monitor") and value == "none":
            pass
        elif option == "-kernel":
            kernel = value
        elif option == "-serial" and value == "stdio":
            pass
        elif option == "-serial" and value.startswith("unix:"):
            path, *flags = value[len("unix:"):].split(",")
            if not set(flags) <= {"server=on", "wait=on", "wait=off"} or "server=on" not in flags:
                raise ValueError(f"-serial {value}: the stand-in serves unix:PATH,server=on,wait=on|off")
            out += ["--listen", path] + (["--wait"] if "wait=on" in flags else [])
        elif option == "-device" and value.startswith("loader,"):
            fields = dict(f.partition("=")[::2] for f in value.split(",")[1:])
            out += ["--block", fields.get("file", "")]
        else:
            raise ValueError(f"qemu option {option} {value} has no equivalent in the stand-in")
    if not kernel or not kernel.endswith("a2a_controller.elf"):
        raise ValueError("qemu-system-arm without -kernel .../a2a_controller.elf")
    return out


def rewrite(command, page):
    """The doc's spelling of a command -> what runs here."""
    text = command.replace("\\\n", " ")
    text = re.sub(r"(?<![\w/])(\S*/)?build/[\w.-]+/platform/host/tool/a2a(?![\w.-])", "a2a", text)
    text = re.sub(r"(?<![\w/.])/tmp/", page.dir + "/", text)
    text = re.sub(r"(?<![\w/.])tools/run-main\.sh", os.path.join(page.args.root, "tools", "run-main.sh"), text)
    if "qemu-system-arm" in text.split():
        # The doc's lines that start QEMU quote nothing with blanks in it: words suffice.
        words = text.split()
        start = words.index("qemu-system-arm")
        end = next((k for k in range(start, len(words)) if words[k] in ("&", "&&", "|", "||", ";")), len(words))
        text = " ".join(words[:start] + translate_qemu(words[start:end]) + words[end:])
    return text


def run_shell(page, command, background=False):
    """(exit status, output) of one command line in the page's directory."""
    text = rewrite(command, page)
    if background or re.search(r"(?<!&)&\s*$", text):
        text = re.sub(r"&\s*$", "", text)
        proc = subprocess.Popen(["bash", "-c", "exec " + text], cwd=page.dir, env=page.env,
                                stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL, start_new_session=True)
        page.background.append(proc)
        wait_for_sockets(text, proc)
        return 0, ""
    proc = subprocess.Popen(["bash", "-c", text], cwd=page.dir, env=page.env, stdin=subprocess.DEVNULL,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        out, _ = proc.communicate(timeout=COMMAND_TIMEOUT)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)  # the command and whatever it started
        proc.communicate()
        return None, f"(no end within {COMMAND_TIMEOUT} s)"
    return proc.returncode, out.decode("utf-8", "replace")


def wait_for_sockets(text, proc):
    """A background device listens on a Unix socket: wait until it exists."""
    for path in re.findall(r"--listen (\S+)", text):
        deadline = time.monotonic() + 10
        while not os.path.exists(path) and proc.poll() is None and time.monotonic() < deadline:
            time.sleep(0.01)


def pattern(line):
    return re.compile("^" + ".*?".join(re.escape(p) for p in line.split("...")) + "$", re.S)


def matches(expected, actual):
    """Whether the actual lines are what the expected lines (with `...` elisions) show."""
    expected = [e.rstrip() for e in expected]
    while expected and not expected[-1]:
        expected.pop()
    patterns = [None if e.strip() == "..." else pattern(e) for e in expected]

    @functools.lru_cache(maxsize=None)
    def at(i, j):
        if i == len(patterns):
            return j == len(actual)
        if patterns[i] is None:
            return any(at(i + 1, k) for k in range(j, len(actual) + 1))
        return j < len(actual) and patterns[i].match(actual[j]) is not None and at(i + 1, j + 1)

    return at(0, 0)


def output_lines(text):
    lines = [line.rstrip() for line in text.replace("\r\n", "\n").split("\n")]
    while lines and not lines[-1]:
        lines.pop()
    return lines


def show(expected, actual):
    return ("    expected:\n" + "".join(f"      | {e}\n" for e in expected) +
            "    got:\n" + "".join(f"      | {a}\n" for a in actual))


def run_item(page, item):
    """None when the item held, else what went wrong."""
    for command in item.setup:
        status, out = run_shell(page, command)
        if status != 0:
            return f"setup `{command}` exited {status}:\n{out}"
    if item.kind == "device":
        return run_session(page, item)
    status, out = run_shell(page, item.text)
    problems = []
    if status != item.status:
        problems.append(f"exit status {status}, the page expects {item.status}")
    if item.expected is not None and not matches(item.expected, output_lines(out)):
        problems.append("the output differs from the page\n" + show(item.expected, output_lines(out)))
    elif problems:
        problems.append("output:\n" + "".join(f"      | {a}\n" for a in output_lines(out)))
    if problems and item.inline:
        problems.append("    (an inline span that only names a command and an option is prose: write them as two "
                        "spans, e.g. `a2a dump` with `--format csv`; docs/testing.md, \"The docs test\")\n")
    return "; ".join(problems) or None


REPLY_END = re.compile(r"^(ok|error: .*)$")


def run_session(page, item):
    sent = "".join(line + "\n" for line, _ in item.session)
    try:
        r = subprocess.run([page.args.device, "--board", item.board], cwd=page.dir, input=sent.encode(),
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=COMMAND_TIMEOUT)
    except subprocess.TimeoutExpired:
        return f"the device session did not end within {COMMAND_TIMEOUT} s"
    lines = output_lines(r.stdout.decode("utf-8", "replace"))
    if r.returncode != 0 or "ready" not in lines:
        return f"the device exited {r.returncode} without a banner:\n" + "".join(f"      | {a}\n" for a in lines)
    end = lines.index("ready") + 1
    banner, rest = lines[:end], lines[end:]
    problems = []
    if item.banner and any(b.strip() for b in item.banner) and not matches(item.banner, banner):
        problems.append("the banner differs from the page\n" + show(item.banner, banner))
    for line, expected in item.session:
        k = next((n for n, a in enumerate(rest) if REPLY_END.match(a)), None)
        if k is None:
            problems.append(f"> {line}: no reply ending ok or error:\n" + show(expected, rest))
            break
        reply, rest = rest[:k + 1], rest[k + 1:]
        # `reboot`: the next boot's banner follows the reply, through its `ready` (as
        # `a2a device` reads it); the page shows it in the reply.
        if line.split()[:1] == ["reboot"] and reply[-1] == "ok" and "ready" in rest:
            k = rest.index("ready")
            reply, rest = reply + rest[:k + 1], rest[k + 1:]
        if any(e.strip() for e in expected):
            if not matches(expected, reply):
                problems.append(f"> {line}: the reply differs from the page\n" + show(expected, reply))
        elif reply[-1] != "ok":
            problems.append(f"> {line}: the reply ended {reply[-1]!r}, not ok")
    return "\n".join(problems) or None


def run_page(args, name, items):
    """[(item, problem or None)] for the runnable items of one page, in order."""
    page = Page(args, name)
    results = []
    try:
        for item in items:
            if item.kind in ("shell", "device"):
                start = time.monotonic()
                try:
                    problem = run_item(page, item)
                except (OSError, ValueError) as e:
                    problem = f"could not run: {e}"
                results.append((item, problem, time.monotonic() - start))
    finally:
        page.close()
    return results


def pages_of(root, only):
    if only:
        return [(p, os.path.relpath(os.path.abspath(p), root)) for p in only]
    names = ["README.md"] + sorted(os.path.relpath(p, root) for p in glob.glob(os.path.join(root, "docs", "*.md")))
    return [(os.path.join(root, n), n) for n in names]


def check(args, pages, out=sys.stdout):
    """Parses and runs the pages; prints the report; returns the exit status."""
    parsed, problems = {}, []
    for path, name in pages:
        items, page_problems = parse_page(path, name)
        parsed[name] = items
        problems += page_problems
    failures = []
    ran = 0
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        futures = {name: pool.submit(run_page, args, name, items) for name, items in parsed.items()
                   if any(it.kind in ("shell", "device") for it in items)}
        for name in parsed:
            if name not in futures:
                continue
            for item, problem, seconds in futures[name].result():
                ran += 1
                label = item.text if item.kind == "shell" else f"device session ({len(item.session)} lines sent)"
                if problem:
                    failures.append(f"{item.where()}: `{label.splitlines()[0]}`: {problem}")
                if args.verbose:
                    print(f"{'FAIL' if problem else 'ok  '} {seconds:5.2f}s {item.where()}: {label.splitlines()[0]}",
                          file=out)
    skips = [it for items in parsed.values() for it in items if it.kind == "skip"]
    others = [it for items in parsed.values() for it in items if it.kind == "other"]
    for it in skips:
        print(f"skipped {it.where()}: {it.reason}", file=out)
    if args.verbose:
        for it in others:
            print(f"not run {it.where()} (not a2a, run-main or the controller image): {it.text.splitlines()[0]}",
                  file=out)
    for p in problems:
        print(f"markup: {p}", file=out)
    for f in failures:
        print(f"FAILED {f}", file=out)
    print(f"docs test: {ran} commands and sessions run, {len(failures)} failed, {len(skips)} skipped, "
          f"{len(others)} other shell lines not run, {len(problems)} markup problems, "
          f"{len(pages)} pages", file=out)
    return 1 if failures or problems else 0


# --- self-test ----------------------------------------------------------------

SELF_TEST_CASES = [
    # (name, page text, expected exit status of the checker, text its report must contain)
    ("right output", "```\n$ a2a list --ports 4\nN = 4, d = 2:\n...\n```\n", 0, "1 commands and sessions run, 0 failed"),
    ("wrong output", "```\n$ a2a list --ports 4\nN = 4, d = 3:\n...\n```\n", 1, "the output differs"),
    ("elision inside a line", "```console\n$ a2a list --ports 4\nN = ... d = 2:\n  omega ... 2 stages of 2 switches; ...\n...\n```\n",
     0, "0 failed"),
    ("missing output", "```\n$ a2a list --ports 4\nN = 4, d = 2:\n```\n", 1, "the output differs"),
    ("wrong exit status", "```\n$ a2a plan --topology omega --ports 12\n...\n```\n", 1, "exit status 2, the page expects 0"),
    ("declared exit status", "```\n$ a2a plan --topology omega --ports 12   # exit status 2\n...\n```\n", 0, "0 failed"),
    ("plain block line fails", "```sh\na2a plan --topology omega --ports 12\ncmake --preset host\n```\n", 1,
     "1 other shell lines not run"),
    ("inline span fails", "Run `a2a dump --topology omega --ports 12` to see.\n", 1, "exit status 2"),
    ("inline skip", "Run `a2a device --connect /dev/ttyUSB0 run`<!-- docs-test: skip (a board) --> on a board.\n",
     0, "skipped PAGE:1: a board"),
    ("block skip counted", "<!-- docs-test: skip (needs QEMU) -->\n```sh\nqemu-system-arm -M x\n```\n", 0, "1 skipped"),
    ("skip without reason", "<!-- docs-test: skip -->\n```sh\na2a list\n```\n", 1, "a skip needs a reason"),
    ("unknown directive", "<!-- docs-test: frobnicate -->\n```sh\na2a list\n```\n", 1, "unknown docs-test directive"),
    ("directive away from its block", "<!-- docs-test: skip (x) -->\nSome text.\n```sh\na2a list\n```\n", 1,
     "must stand right before a fenced block"),
    ("text block never runs", "```text\na2a frobnicate\n```\n", 0, "0 commands and sessions run"),
    ("setup makes a file", "<!-- docs-test: setup printf x > bad.bin -->\n```\n$ a2a config decode bad.bin   # exit status 2\n"
     "a2a config decode: error: ...\n```\n", 0, "0 failed"),
    ("device session right", "<!-- docs-test: device -->\n```\n...\nready\n> set ports=8\nconfig: topology=omega ports=8 ...\n"
     "ok\n> run\n...\nok\n```\n", 0, "0 failed"),
    ("device session wrong reply", "<!-- docs-test: device -->\n```\n> set ports=8\nconfig: topology=omega ports=16 ...\n"
     "ok\n```\n", 1, "the reply differs"),
    ("device refusal not shown", "<!-- docs-test: device -->\n```\n> set ports=12\n```\n", 1, "not ok"),
    ("run-main override line", "Try `tools/run-main.sh topology=gsen ports=10` and `tools/run-main.sh ports=12`.\n", 1,
     "1 failed"),
    ("qemu session on a socket", "```sh\nqemu-system-arm -M mps2-an385 -display none -monitor none \\\n"
     "    -serial unix:/tmp/a.sock,server=on,wait=off -kernel build/x/a2a_controller.elf &\n"
     "a2a device --connect unix:/tmp/a.sock run\n```\n", 0, "2 commands and sessions run, 0 failed"),
]


def self_test(args):
    failed = 0
    with tempfile.TemporaryDirectory() as tmp:
        for number, (name, text, status, needle) in enumerate(SELF_TEST_CASES):
            path = os.path.join(tmp, f"case{number}.md")
            with open(path, "w", encoding="utf-8") as f:
                f.write(text)
            report = _Capture()
            got = check(args, [(path, "PAGE")], out=report)
            if got != status or needle not in report.text:
                failed += 1
                print(f"self-test '{name}': the checker exited {got} (want {status}) and its report "
                      f"{'lacks' if needle not in report.text else 'has'} {needle!r}:\n{report.text}")
            else:
                print(f"self-test '{name}': ok")
    print(f"docs self-test: {len(SELF_TEST_CASES) - failed}/{len(SELF_TEST_CASES)} cases held")
    return 1 if failed else 0


class _Capture:
    def __init__(self):
        self.text = ""

    def write(self, s):
        self.text += s

    def flush(self):
        pass


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", required=True, help="the source tree (README.md, docs/, tools/)")
    parser.add_argument("--tool", required=True, help="the built a2a tool")
    parser.add_argument("--device", required=True, help="the built a2a_docs_device")
    parser.add_argument("--jobs", type=int, default=2, help="pages run at once (default 2)")
    parser.add_argument("--verbose", action="store_true", help="every command with its time")
    parser.add_argument("--self-test", action="store_true", help="check the checker on small fake pages")
    parser.add_argument("pages", nargs="*", help="pages to check (default README.md and docs/*.md)")
    args = parser.parse_args()
    args.root = os.path.abspath(args.root)
    args.tool, args.device = os.path.abspath(args.tool), os.path.abspath(args.device)
    for path in (args.tool, args.device):
        if not os.access(path, os.X_OK):
            print(f"docs_test: not a program: {path}", file=sys.stderr)
            return 2
    if args.self_test:
        return self_test(args)
    start = time.monotonic()
    status = check(args, pages_of(args.root, args.pages))
    print(f"docs test: {time.monotonic() - start:.1f} s")
    return status


if __name__ == "__main__":
    sys.exit(main())
