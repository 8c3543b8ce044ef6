#!/usr/bin/env python3
"""formats/collada and formats/gltf never include or link each other.

format_bounds_test.py ROOT LINKS: fails naming each cross-format include (direct, or through
headers outside both formats, such as formats/common/), each cross-format link (direct or through
another library) and each source one format's library compiles from the other's folder. LINKS is
the file tests/formats/CMakeLists.txt generates: per library, a line
"target|its source folder|the libraries it links|its sources", lists separated by ';'.
format_bounds_test.py --self-test: checks on a made-up tree that a cross include and a cross link
are found.
"""
import os
import re
import sys
import tempfile

FORMATS = {"collada": "px_collada", "gltf": "px_gltf"}
INCLUDE = re.compile(r'^\s*#\s*include\s*[<"]([^>"]+)[>"]', re.M)
SOURCE_SUFFIXES = (".h", ".cc", ".cpp", ".hpp", ".inc")


def includes_of(root, rel, cache):
    """The repository files `rel` includes, by path from the root, from include/ (the public
    headers, "polyxios/...") or from its own folder."""
    if rel not in cache:
        found = []
        with open(os.path.join(root, rel), encoding="utf-8", errors="replace") as f:
            for name in INCLUDE.findall(f.read()):
                for candidate in (name, os.path.join("include", name),
                                  os.path.join(os.path.dirname(rel), name)):
                    candidate = os.path.normpath(candidate)
                    if os.path.isfile(os.path.join(root, candidate)):
                        found.append(candidate)
                        break
        cache[rel] = found
    return cache[rel]


def format_of(rel):
    parts = rel.split(os.sep)
    return parts[1] if len(parts) > 2 and parts[0] == "formats" and parts[1] in FORMATS else None


def include_problems(root):
    problems, cache = [], {}
    for fmt in FORMATS:
        for folder, _, files in os.walk(os.path.join(root, "formats", fmt)):
            for name in sorted(files):
                if not name.endswith(SOURCE_SUFFIXES):
                    continue
                start = os.path.relpath(os.path.join(folder, name), root)
                # Walks the includes breadth-first with the chain that reached each file.
                chain = {start: [start]}
                queue = [start]
                while queue:
                    rel = queue.pop(0)
                    for inc in includes_of(root, rel, cache):
                        if inc in chain:
                            continue
                        chain[inc] = chain[rel] + [inc]
                        other = format_of(inc)
                        if other is not None and other != fmt:
                            problems.append("include: " + " -> ".join(chain[inc]))
                        elif other is None:
                            queue.append(inc)
    return problems


def read_links(root, path):
    """Per library, what it links and the repository paths of its sources."""
    links, sources = {}, {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            fields = line.rstrip("\n").split("|")
            if len(fields) != 4:
                continue
            target, folder, linked, srcs = fields
            links[target] = [t for t in linked.split(";") if t]
            sources[target] = [
                os.path.relpath(os.path.normpath(os.path.join(folder, s)), root)
                for s in srcs.split(";") if s
            ]
    return links, sources


def link_problems(links, sources):
    problems = []
    for fmt, target in FORMATS.items():
        if target not in links:
            problems.append(f"link: {target} is not in the generated link file")
            continue
        others = [t for f, t in FORMATS.items() if f != fmt]
        chain = {target: [target]}
        queue = [target]
        while queue:
            current = queue.pop(0)
            for linked in links.get(current, []):
                if linked in chain:
                    continue
                chain[linked] = chain[current] + [linked]
                if linked in others:
                    problems.append("link: " + " -> ".join(chain[linked]))
                queue.append(linked)
        for src in sources.get(target, []):
            if format_of(src) not in (None, fmt):
                problems.append(f"source: {target} compiles {src}")
    return problems


def check(root, links_file):
    links, sources = read_links(root, links_file)
    return include_problems(root) + link_problems(links, sources)


def self_test():
    with tempfile.TemporaryDirectory() as root:
        files = {
            "formats/collada/a.cc": '#include "formats/common/shared.h"\n',
            "formats/common/shared.h": '#include "formats/gltf/b.h"\n',
            "formats/gltf/b.h": "",
            "formats/gltf/c.cc": '#include "../collada/a.h"\n',
            "formats/collada/a.h": "",
        }
        for rel, text in files.items():
            os.makedirs(os.path.dirname(os.path.join(root, rel)), exist_ok=True)
            with open(os.path.join(root, rel), "w") as f:
                f.write(text)
        links = os.path.join(root, "links.txt")
        with open(links, "w") as f:
            collada, gltf = os.path.join(root, "formats/collada"), os.path.join(root, "formats/gltf")
            f.write(f"px_collada|{collada}|px_common;px_engine|a.cc\n")
            f.write(f"px_common|{root}/formats/common|px_gltf|\n")
            f.write(f"px_gltf|{gltf}|px_engine|c.cc;../collada/d.cc\n")
        found = check(root, links)
        expected = [
            "include: formats/collada/a.cc -> formats/common/shared.h -> formats/gltf/b.h",
            "include: formats/gltf/c.cc -> formats/collada/a.h",
            "link: px_collada -> px_common -> px_gltf",
            "source: px_gltf compiles formats/collada/d.cc",
        ]
        if found != expected:
            print("self-test: expected", expected, "found", found, sep="\n")
            return 1
    print("self-test: each cross include and link found")
    return 0


def main(argv):
    if argv[1:] == ["--self-test"]:
        return self_test()
    root, links_file = argv[1], argv[2]
    problems = check(root, links_file)
    for p in problems:
        print(p)
    if problems:
        print(f"{len(problems)} cross-format include(s) or link(s): formats/collada and formats/gltf "
              "must not reach each other; move what both need to formats/common/ or model/")
        return 1
    print("no include or link between formats/collada and formats/gltf")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
