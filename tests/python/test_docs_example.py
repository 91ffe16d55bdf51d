"""docs/python.md runs as shown: its `pycon` blocks as one doctest session in page
order (docs/testing.md's docs test does not run Python), its `sh` blocks' `a2a ...`
lines with the tool and its `PYTHONPATH=build/host/python python3 -c ...` line with
this build's module, compared with the `text` block after it. All in one scratch
directory, as a reader in a fresh folder would run them."""
import doctest
import os
import re
import shlex
import subprocess
import sys

PAGE = os.path.join(os.environ["A2A_SOURCE_DIR"], "docs", "python.md")
FENCE = re.compile(r"^```(\S*)\s*$")
MODULE_LINE = re.compile(r"^PYTHONPATH=build/host/python python3 (-c .*)$")


def blocks(path):
    """(info string, first line number, text) of every fenced block."""
    out, info, start, body = [], None, 0, []
    with open(path) as f:
        for number, line in enumerate(f, 1):
            m = FENCE.match(line.rstrip("\n"))
            if m and info is None:
                info, start, body = m.group(1), number + 1, []
            elif m and not m.group(1):
                out.append((info, start, "".join(body)))
                info = None
            elif info is not None:
                body.append(line)
    return out


def test_page_runs_as_shown(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    page = blocks(PAGE)
    globs = {}
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    parser = doctest.DocTestParser()
    module_lines = 0
    for k, (info, line, text) in enumerate(page):
        if info == "pycon":
            test = parser.get_doctest(text, globs, "docs/python.md:%d" % line, PAGE, line - 1)
            runner.run(test, clear_globs=False)
            globs = test.globs  # get_doctest copies: carry the session on to the next block
        elif info == "sh":
            for command in text.splitlines():
                if command.startswith("a2a "):
                    ran = subprocess.run([os.environ["A2A_TOOL"]] + shlex.split(command)[1:],
                                         capture_output=True, text=True)
                    assert ran.returncode == 0, "docs/python.md:%d: %s: %s" % (line, command, ran.stderr)
                m = MODULE_LINE.match(command)
                if m:
                    shown = page[k + 1]
                    assert shown[0] == "text", "docs/python.md:%d: no output shown after the command" % line
                    env = dict(os.environ, PYTHONPATH=os.environ["A2A_PYTHON_MODULE_DIR"])
                    ran = subprocess.run([sys.executable] + shlex.split(m.group(1)), env=env,
                                         capture_output=True, text=True)
                    assert ran.returncode == 0, ran.stderr
                    assert ran.stdout == shown[2]
                    module_lines += 1
    summary = runner.summarize(verbose=False)
    assert summary.failed == 0, "docs/python.md: %d of %d examples differ (above)" % summary
    assert summary.attempted >= 20 and module_lines == 1  # the page was read, not skipped
