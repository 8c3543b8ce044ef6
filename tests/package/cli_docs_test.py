#!/usr/bin/python3
"""The CLI's man page, bash completion and README against `polyxios --help`, so that they cannot drift.

  cli_docs_test.py POLYXIOS MAN_PAGE COMPLETION README

- Each command's help (`polyxios COMMAND --help`) gives its options: those of its usage lines
  and the heads of the option entries it lists (only the options it takes); `polyxios --help`
  the options of `polyxios --help | --version`.
- The man page: groff reads it without a warning (`groff -man -Tutf8 -ww -z`); its .TH names the
  version `polyxios --version` prints; each command's section (.SS) names exactly that command's
  options; the SYNOPSIS names --help and --version; EXIT STATUS lists every exit code the help
  lists.
- The README: its exit-code table lists exactly the exit codes the help lists.
- The completion: sourced with `set -euo pipefail`, it prints nothing and registers
  `complete -F _polyxios polyxios`; driven through COMP_WORDS / COMP_CWORD, it completes the
  commands, `conv` to `convert`, each command's options exactly, --format / --to values, and file
  names by kind (scenes, folders, reports, configs) with `compopt -o filenames`.
"""
import os
import re
import shlex
import subprocess
import sys
import tempfile

failures = []


def check(condition, what):
    if not condition:
        failures.append(what)
        print("FAIL: " + what)
    return condition


OPTION = re.compile(r"(?<![\w-])(--?[a-z][a-z-]*)")


ENTRY = re.compile(r"^  (--?[a-z][a-z-]*)(?:, (--?[a-z][a-z-]*))?")


def help_options(polyxios):
    """{command: set of options}: what `polyxios COMMAND --help` names in its usage lines
    (`polyxios convert IN OUT [--max-memory MIB] ...` and its continuation lines) and the heads of
    its option entries (`  --format glb|gltf|dae  ...`, `  -v, --verbose  ...`); "" holds
    `polyxios --help | --version`'s, from `polyxios --help`."""
    text = subprocess.run([polyxios, "--help"], capture_output=True, text=True, check=True).stdout
    names = [m.group(1) for m in re.finditer(r"^  polyxios (\S+)", text, re.M)]
    commands = {"": set()}
    for line in text.splitlines():
        start = re.match(r"^  polyxios (-\S+.*)", line)
        if start:
            commands[""] |= set(OPTION.findall(start.group(1)))
    for name in dict.fromkeys(n for n in names if not n.startswith("-")):
        own = subprocess.run([polyxios, name, "--help"], capture_output=True, text=True,
                             check=True).stdout
        options = set()
        in_usage = False
        for line in own.splitlines():
            start = re.match(r"^  polyxios \S+(.*)", line)
            if start:
                options |= set(OPTION.findall(start.group(1)))
                in_usage = True
            elif in_usage and re.match(r"^\s+\[", line):
                options |= set(OPTION.findall(line))
            else:
                in_usage = False
                entry = ENTRY.match(line)
                if entry:
                    options |= {o for o in entry.groups() if o}
        commands[name] = options
    exit_codes = set(re.findall(r"^  (\d+)  ", text, re.M))
    return commands, exit_codes


def man_line(line):
    """A line of the man page as text: roff's escapes for '-', '"', fonts and zero-width breaks
    removed, and a font macro's arguments joined as groff joins them (.B and .I with spaces, the
    alternating ones such as .BR and .IR without)."""
    line = re.sub(r"\\f[BIRP]", "", line.replace(r"\-", "-").replace(r"\&", ""))
    font = re.match(r"^\.(B|I|BR|RB|IR|RI|BI|IB)\s+(.*)$", line)
    if font:
        words = [q or w for q, w in re.findall(r'"([^"]*)"|(\S+)', font.group(2))]
        line = (" " if font.group(1) in ("B", "I") else "").join(words)
    return line.replace(r"\(dq", '"')


def man_text(source):
    return "\n".join(man_line(line) for line in source.splitlines())


def man_sections(text):
    """{name: body} for every .SH and .SS of the page."""
    sections = {}
    name = None
    for line in text.splitlines():
        heading = re.match(r'^\.S[HS] "?([^"]*)"?$', line)
        if heading:
            name = heading.group(1)
            sections[name] = []
        elif name is not None:
            sections[name].append(line)
    return {k: "\n".join(v) for k, v in sections.items()}


def check_man_page(path, commands, exit_codes, version):
    groff = subprocess.run(["groff", "-man", "-Tutf8", "-ww", "-z", path], capture_output=True,
                           text=True)
    check(groff.returncode == 0 and groff.stderr == "",
          f"groff -man -Tutf8 -ww -z: exit {groff.returncode}, {groff.stderr!r}")
    with open(path, encoding="utf-8") as f:
        text = man_text(f.read())
    title = re.search(r'^\.TH POLYXIOS 1 \S+ "polyxios ([^"]+)"', text, re.M)
    check(title is not None and title.group(1) == version,
          f"the man page's .TH names version {title and title.group(1)!r}, the CLI {version}")
    sections = man_sections(text)
    for command, options in commands.items():
        if command == "":
            section = sections.get("SYNOPSIS", "")
            check(options <= set(OPTION.findall(section)),
                  f"man SYNOPSIS: {sorted(options - set(OPTION.findall(section)))} missing")
            continue
        if not check(command in sections, f"man page: no .SS {command}"):
            continue
        named = set(OPTION.findall(sections[command]))
        check(named == options, f"man .SS {command}: missing {sorted(options - named)}, "
                                f"not the command's {sorted(named - options)}")
    listed = set(re.findall(r"^(\d+)$", sections.get("EXIT STATUS", ""), re.M))
    check(exit_codes <= listed, f"man EXIT STATUS: codes {sorted(exit_codes - listed)} missing")


def check_readme(path, exit_codes):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    table = text.split("Exit codes, so a batch scheduler", 1)[-1].split("\n\n", 2)[1]
    listed = set(re.findall(r"^\| (\d+) \|", table, re.M))
    check(listed == exit_codes, f"README exit codes {sorted(listed)}, the help's {sorted(exit_codes)}")


def complete(completion, words, cwd):
    """COMPREPLY and compopt's calls after _polyxios on COMP_WORDS = words (the last one is
    being completed), in a bash that sourced the completion under `set -euo pipefail`."""
    script = f"""set -euo pipefail
source {shlex.quote(completion)}
compopt() {{ echo "compopt $*" >&2; }}
COMP_WORDS=({" ".join(shlex.quote(w) for w in words)})
COMP_CWORD={len(words) - 1}
_polyxios
printf '%s\\n' "${{COMPREPLY[@]}}"
"""
    p = subprocess.run(["bash", "--norc", "--noprofile", "-c", script], capture_output=True,
                       text=True, cwd=cwd, timeout=60)
    check(p.returncode == 0, f"completing {words}: exit {p.returncode}, {p.stderr!r}")
    return [w for w in p.stdout.splitlines() if w], p.stderr.splitlines()


def check_completion(path, commands):
    p = subprocess.run(["bash", "--norc", "--noprofile", "-c",
                        f"set -euo pipefail; source {shlex.quote(path)}; complete -p polyxios"],
                       capture_output=True, text=True, timeout=60)
    check(p.returncode == 0 and p.stderr == "",
          f"sourcing the completion: exit {p.returncode}, {p.stderr!r}")
    check(p.stdout.strip() == "complete -F _polyxios polyxios",
          f"complete -p polyxios: {p.stdout.strip()!r}")

    with tempfile.TemporaryDirectory() as d:
        for name in ("a.dae", "B.GLB", "c.gltf", "d.dae.gz", "e.txt", "r.jsonl", "p.json"):
            open(os.path.join(d, name), "w").close()
        os.mkdir(os.path.join(d, "sub"))

        first = set(complete(path, ["polyxios", ""], d)[0])
        want = {c for c in commands if c} | commands[""]
        check(first == want, f"polyxios <TAB>: {sorted(first)}, the help's {sorted(want)}")
        got = complete(path, ["polyxios", "conv"], d)[0]
        check(got == ["convert"], f"polyxios conv<TAB>: {got}")

        for command, options in commands.items():
            if command == "":
                continue
            got = set(complete(path, ["polyxios", command, "-"], d)[0])
            check(got == options, f"polyxios {command} -<TAB>: missing {sorted(options - got)}, "
                                  f"not the command's {sorted(got - options)}")

        cases = [
            (["convert", ""], {"a.dae", "B.GLB", "c.gltf", "d.dae.gz", "sub"}),
            (["info", "a.dae", ""], {"a.dae", "B.GLB", "c.gltf", "d.dae.gz", "sub"}),
            (["validate", "a.dae", ""], {"a.dae", "B.GLB", "c.gltf", "d.dae.gz", "sub"}),
            (["convert", "a.dae", "s"], {"sub"}),
            (["batch", ""], {"sub"}),
            (["merge-reports", ""], {"r.jsonl", "sub"}),
            (["merge-reports", "-o", ""], {"r.jsonl", "sub"}),
            (["batch", "in", "out", "--report", ""], {"r.jsonl", "sub"}),
            (["validate", "--config", ""], {"p.json", "sub"}),
            (["batch", "in", "out", "--from", ""],
             {"a.dae", "B.GLB", "c.gltf", "d.dae.gz", "e.txt", "r.jsonl", "p.json", "sub"}),
        ]
        for words, want in cases:
            got, calls = complete(path, ["polyxios"] + words, d)
            check(set(got) == want, f"polyxios {' '.join(words)}<TAB>: {sorted(got)}, "
                                    f"not {sorted(want)}")
            check(calls == ["compopt -o filenames"],
                  f"polyxios {' '.join(words)}<TAB>: compopt calls {calls}")

        values = [
            (["convert", "--format", ""], ["glb", "gltf", "dae"]),
            (["validate", "--to", "gl"], ["glb", "gltf"]),
            (["batch", "--to", "=", "d"], ["dae"]),  # --to=d: bash splits the word at '='
            (["batch", "--to", "="], ["glb", "gltf", "dae"]),
            (["convert", "--threads", ""], []),
            (["batch", "-j", ""], []),
        ]
        for words, want in values:
            got = complete(path, ["polyxios"] + words, d)[0]
            check(got == want, f"polyxios {' '.join(words)}<TAB>: {got}, not {want}")


def main():
    polyxios, man_page, completion, readme = sys.argv[1:5]
    commands, exit_codes = help_options(polyxios)
    check(len(commands) > 1 and all(commands.values()),
          f"the help's usage block read as {commands}")
    check({"0", "1", "2", "3", "4"} <= exit_codes,
          f"the help's exit codes read as {sorted(exit_codes)}")
    version = subprocess.run([polyxios, "--version"], capture_output=True, text=True,
                             check=True).stdout.split()[-1]
    check_man_page(man_page, commands, exit_codes, version)
    check_completion(completion, commands)
    check_readme(readme, exit_codes)
    if failures:
        print(f"{len(failures)} failure(s)")
        return 1
    print(f"ok: {len(commands) - 1} commands, "
          f"{sum(len(o) for o in commands.values())} options in the man page and the completion")
    return 0


if __name__ == "__main__":
    sys.exit(main())
