#!/usr/bin/python3
"""polyxios validate (issue 11): every flag and exit code, over the sample and files made here.

  validate_test.py POLYXIOS SAMPLE.dae

The made files: a clean .dae, one with a warning (polygons with holes), one the reader refuses, one
the glTF writer refuses (a coordinate float32 cannot hold), the same in upper case and gzipped in
a subfolder, a .gltf with a mistyped property, and a .dae whose image lies outside its folder.
"""
import base64
import gzip
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

from cli_checks import Checks

POLYXIOS, SAMPLE = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
check = Checks()


def run(*args):
    p = subprocess.run([POLYXIOS, "validate", *args], capture_output=True, text=True,
                       stdin=subprocess.DEVNULL, timeout=300)
    return p.returncode, p.stdout.splitlines(), p.stderr


def expect(name, args, code, lines=None, stderr_has=None):
    """Runs validate with args: its exit code, its stdout lines when given, a piece of stderr."""
    rc, out, err = run(*args)
    check(f"{name}: exit {code}", rc == code, f"exit {rc}\nstdout: {out}\nstderr: {err}")
    if lines is not None:
        check(f"{name}: output", out == lines, "got:\n" + "\n".join(out) +
              "\nwanted:\n" + "\n".join(lines))
    if stderr_has is not None:
        check(f"{name}: stderr names {stderr_has!r}", stderr_has in err, err)
    return out, err


def reports(args, code):
    rc, out, err = run("--json", *args)
    check(f"--json {args}: exit {code}", rc == code, f"exit {rc}\n{err}")
    parsed = []
    for line in out:
        try:
            parsed.append(json.loads(line))
        except ValueError as e:
            check(f"--json {args}: a line is JSON", False, f"{e}: {line}")
    return parsed, err


ACCESSOR = ('<technique_common><accessor source="#pa" count="4" stride="3">'
            '<param name="X" type="float"/><param name="Y" type="float"/>'
            '<param name="Z" type="float"/></accessor></technique_common></source>')
SCENE = ('<library_visual_scenes><visual_scene id="s"><node id="n"><instance_geometry url="#g"/>'
         '</node></visual_scene></library_visual_scenes>')


def dae(primitive, images="", positions="0 0 0 1 0 0 1 1 0 0 1 0"):
    """A one-mesh document whose primitive block is on line 7 (images, if any, on line 3)."""
    return "\n".join([
        '<?xml version="1.0" encoding="utf-8"?>',
        '<COLLADA xmlns="http://www.collada.org/2005/11/COLLADASchema" version="1.4.1">',
        f'{images}<library_geometries><geometry id="g"><mesh>',
        f'<source id="pos"><float_array id="pa" count="12">{positions}</float_array>',
        ACCESSOR,
        '<vertices id="v"><input semantic="POSITION" source="#pos"/></vertices>',
        primitive,
        "</mesh></geometry></library_geometries>",
        SCENE,
        '<scene><instance_visual_scene url="#s"/></scene>',
        "</COLLADA>",
        ""])


VERTEX = '<input semantic="VERTEX" source="#v" offset="0"/>'
TRIANGLES = f'<triangles count="2">{VERTEX}<p>0 1 2 0 2 3</p></triangles>'
SHORT = f'<triangles count="2">{VERTEX}<p>0 1 2 0 2</p></triangles>'
# A hole of two corners, which no bridge can keep: dropped with a warning.
HOLES = f'<polygons count="1">{VERTEX}<ph><p>0 1 2 3</p><h>0 1</h></ph></polygons>'
HOLES_CODE = "collada.polygons.holes-dropped"
GLOBAL_CODE = "gltf.write.global-dropped"


def write(path, text, mode="w"):
    os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
    with open(path, mode) as f:
        f.write(text)


def listing(root):
    return sorted(os.path.join(d, f) for d, _, files in os.walk(root) for f in files)


work = tempfile.mkdtemp(prefix="validate_test.")
try:
    os.chdir(work)  # relative paths as a user gives them; a stray output would land here
    write("lib/clean.dae", dae(TRIANGLES))
    write("lib/holes.dae", dae(HOLES))
    write("lib/refused.dae", dae(SHORT))
    write("lib/huge.dae", dae(TRIANGLES, positions="0 0 0 1e39 0 0 1 1 0 0 1 0"))
    write("lib/sub/HOLES2.DAE", dae(HOLES))
    write("lib/sub/gz.dae.gz", gzip.compress(dae(TRIANGLES).encode()), "wb")
    write("lib/notes.txt", "not an asset")
    write("empty/notes.txt", "not an asset")
    # A glTF asset whose minVersion is above the 2.0 written: one write-time warning.
    write("warned.gltf", '{"asset":{"version":"2.1","minVersion":"2.1"}}')
    write("typed.gltf", '{"asset":{"version":"2.0"},"scenes":[{"nodes":[0]}],"scene":0,'
                        '"nodes":[{"name":5}]}')
    # A whole 1x1 PNG: the glTF writer leaves out PNG bytes the validator would reject.
    write("ext/outside.png", base64.b64decode(
        "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVQYV2P4z/AfAAQAAf+I0P3MAAAAAElFTkSuQmCC"),
        "wb")
    write("ext/sub/img.dae", dae(TRIANGLES, '<library_images><image id="im"><init_from>'
                                            '../outside.png</init_from></image></library_images>'))
    before = listing(work)
    sample_dir_before = listing(os.path.dirname(SAMPLE))

    # The bundled sample converts with no warning every way (its asset's record of its source
    # goes in a glTF's asset.extras); warned.gltf with one write-time warning.
    one_ok = "1 asset: 1 ok, 0 with warnings, 0 refused, 0 failed"
    for to in ("glb", "gltf", "dae"):
        _, err = expect(f"sample --to {to} --werror", [SAMPLE, "--to", to, "--werror"], 0,
                        [f"ok         {SAMPLE}", one_ok])
        check(f"sample --to {to}: nothing on stderr", err == "", err)
    # What converting would change is a conversion note, an info: it fails neither the asset nor
    # --werror; --severity makes it a warning again (issue 36).
    sample_noted = f"ok         warned.gltf: 1 info ({GLOBAL_CODE} x1)"
    sample_warned = f"warnings   warned.gltf: 1 warning ({GLOBAL_CODE} x1)"
    one_warned = "1 asset: 0 ok, 1 with warnings, 0 refused, 0 failed"
    _, err = expect("warned", ["warned.gltf"], 0, [sample_noted, one_ok])
    check("warned: nothing on stderr", err == "", err)
    expect("warned --werror", ["warned.gltf", "--werror"], 0, [sample_noted, one_ok])
    expect("warned --severity warning", ["warned.gltf", "--severity", f"{GLOBAL_CODE}=warning"], 0,
           [sample_warned, one_warned])
    expect("warned --severity warning --werror",
           ["warned.gltf", "--severity", f"{GLOBAL_CODE}=warning", "--werror"], 2,
           [f"refused    warned.gltf: 1 error ({GLOBAL_CODE} x1)",
            "1 asset: 0 ok, 0 with warnings, 1 refused, 0 failed"])
    expect("warned --ignore --werror", ["warned.gltf", "--ignore", GLOBAL_CODE, "--werror"], 0,
           ["ok         warned.gltf", one_ok])
    expect("warned --to gltf", ["warned.gltf", "--to", "gltf"], 0, [sample_noted, one_ok])
    expect("warned --to=dae --werror", ["warned.gltf", "--to=dae", "--werror"], 0,
           ["ok         warned.gltf: 1 info (collada.write.asset-dropped x1)", one_ok])

    # A folder: searched recursively, any case, .dae.gz too, other files skipped, in byte order.
    lib_lines = [
        "ok         lib/clean.dae",
        f"warnings   lib/holes.dae: 1 warning ({HOLES_CODE} x1)",
        "refused    lib/huge.dae: gltf.write.non-finite: mesh 0: POSITION holds NaN, Inf or a "
        "value float32 cannot hold",
        "refused    lib/refused.dae: collada.p.length: <triangles> at line 7: <p> holds 5 "
        "indices; count=2 needs 6",
        f"warnings   lib/sub/HOLES2.DAE: 1 warning ({HOLES_CODE} x1)",
        "ok         lib/sub/gz.dae.gz",
        "6 assets: 2 ok, 2 with warnings, 2 refused, 0 failed",
    ]
    expect("folder", ["lib"], 2, lib_lines)
    for jobs in (["-j", "1"], ["-j3"], ["-j", "64"], []):
        expect(f"folder {jobs}", ["lib", *jobs], 2, lib_lines)
    lib_to_dae = list(lib_lines)
    lib_to_dae[2] = "ok         lib/huge.dae"  # COLLADA holds doubles
    lib_to_dae[-1] = "6 assets: 3 ok, 2 with warnings, 1 refused, 0 failed"
    expect("folder --to dae", ["lib", "--to", "dae"], 2, lib_to_dae)
    expect("files and folders in the order given", ["lib/clean.dae", "lib/sub", "lib/clean.dae"],
           0, ["ok         lib/clean.dae", f"warnings   lib/sub/HOLES2.DAE: 1 warning "
               f"({HOLES_CODE} x1)", "ok         lib/sub/gz.dae.gz", "ok         lib/clean.dae",
               "4 assets: 3 ok, 1 with warnings, 0 refused, 0 failed"])
    expect("a clean folder with --werror", ["lib/clean.dae", "lib/sub/gz.dae.gz", "--werror"], 0)
    # Issue 36: no asset found is a usage error (1), unless --allow-empty.
    expect("a folder with no assets", ["empty"], 1, [])
    expect("a folder with no assets, --allow-empty", ["empty", "--allow-empty"], 0,
           ["0 assets: 0 ok, 0 with warnings, 0 refused, 0 failed"])

    # --json: one glTF-Validator-shaped report per asset and line, the summary on stderr.
    got, err = reports(["lib", SAMPLE, "typed.gltf"], 2)
    check("--json: one report per asset", len(got) == 8, str(len(got)))
    check("--json: the summary goes to stderr", "8 assets: 3 ok, 2 with warnings, 3 refused, 0 failed" in err,
          err)
    if len(got) == 8:
        by_uri = {r["uri"]: r for r in got}
        check("--json: uris in input order", [r["uri"] for r in got] == [
            "lib/clean.dae", "lib/holes.dae", "lib/huge.dae", "lib/refused.dae",
            "lib/sub/HOLES2.DAE", "lib/sub/gz.dae.gz", SAMPLE, "typed.gltf"])
        for r in got:
            check(f"--json {r['uri']}: keys", set(r) - {"info"} == {
                "uri", "mimeType", "validatorVersion", "validatedAt", "issues"}, str(sorted(r)))
            check(f"--json {r['uri']}: validatedAt",
                  re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z", r["validatedAt"]),
                  r["validatedAt"])
            check(f"--json {r['uri']}: version", r["validatorVersion"] == "polyxios 0.1.0")
            issues = r["issues"]
            check(f"--json {r['uri']}: issue keys", set(issues) == {
                "numErrors", "numWarnings", "numInfos", "numHints", "messages", "truncated"})
            for level, key in ((0, "numErrors"), (1, "numWarnings"), (2, "numInfos"),
                               (3, "numHints")):
                n = sum(m["count"] for m in issues["messages"] if m["severity"] == level)
                check(f"--json {r['uri']}: {key} counts the messages", issues[key] == n)
        check("--json: mime types", [by_uri[u]["mimeType"] for u in (
            "lib/clean.dae", "lib/sub/gz.dae.gz", "typed.gltf")] == [
            "model/vnd.collada+xml", "model/vnd.collada+xml", "model/gltf+json"])
        clean = by_uri["lib/clean.dae"]
        check("--json clean: no issue", clean["issues"]["messages"] == [] and
              clean["info"] == {"meshes": 1, "nodes": 1, "materials": 0, "skins": 0,
                                "animations": 0, "animationCount": 0, "materialCount": 0,
                                "hasMorphTargets": False, "hasSkins": False, "hasTextures": False,
                                "drawCallCount": 1, "totalVertexCount": 4, "totalTriangleCount": 2,
                                "maxUVs": 0, "maxInfluences": 0}, json.dumps(clean))
        holes = by_uri["lib/holes.dae"]["issues"]["messages"]
        check("--json holes: a warning with its line", holes == [{
            "code": HOLES_CODE, "message": "a hole of fewer than 3 corners is "
            "dropped", "severity": 1, "line": 7, "count": 1}], json.dumps(holes))
        refused = by_uri["lib/refused.dae"]
        check("--json refused: an error with the rule and line, no info",
              refused["issues"]["messages"] == [{
                  "code": "collada.p.length", "message": "<triangles> at line 7: <p> holds 5 "
                  "indices; count=2 needs 6", "severity": 0, "line": 7, "count": 1}] and
              "info" not in refused, json.dumps(refused))
        huge = by_uri["lib/huge.dae"]
        check("--json huge: a write refusal, after a read that gave the counts",
              huge["issues"]["numErrors"] == 1 and
              huge["issues"]["messages"][0]["code"] == "gltf.write.non-finite" and
              huge["info"]["meshes"] == 1, json.dumps(huge))
        sample = by_uri[SAMPLE]
        check("--json sample: counts", sample["info"] == {
            "meshes": 2, "nodes": 3, "materials": 2, "skins": 0, "animations": 0,
            "animationCount": 0, "materialCount": 2, "hasMorphTargets": False, "hasSkins": False,
            "hasTextures": False, "drawCallCount": 2, "totalVertexCount": 29,
            "totalTriangleCount": 18, "maxUVs": 1, "maxInfluences": 0},
            json.dumps(sample.get("info")))
        typed = by_uri["typed.gltf"]["issues"]["messages"]
        check("--json glTF: messages carry their JSON pointer",
              typed and all(m.get("pointer") == "/nodes/0/name" and "line" not in m
                            for m in typed), json.dumps(typed))

    # --severity: a warning made an error fails the asset; made an info, passes --werror.
    expect("--severity error", ["lib/holes.dae", "--severity", f"{HOLES_CODE}=error"], 2,
           [f"refused    lib/holes.dae: 1 error ({HOLES_CODE} x1)",
            "1 asset: 0 ok, 0 with warnings, 1 refused, 0 failed"])
    got, _ = reports(["lib/holes.dae", "--severity", f"{HOLES_CODE}=error"], 2)
    check("--json --severity error: numErrors", got and got[0]["issues"]["numErrors"] == 1 and
          got[0]["issues"]["numWarnings"] == 0 and
          got[0]["issues"]["messages"][0]["severity"] == 0)
    expect("--severity info --werror", ["lib/holes.dae", "--severity", f"{HOLES_CODE}=info",
                                        "--werror"], 0,
           [f"ok         lib/holes.dae: 1 info ({HOLES_CODE} x1)",
            "1 asset: 1 ok, 0 with warnings, 0 refused, 0 failed"])
    got, _ = reports(["lib/holes.dae", "--severity=collada.*=info"], 0)
    check("--json --severity family info: numInfos", got and got[0]["issues"]["numInfos"] == 1 and
          got[0]["issues"]["messages"][0]["severity"] == 2)
    expect("--severity: the code wins over its family",
           ["lib/holes.dae", "--severity", "collada.*=error", "--severity",
            f"{HOLES_CODE}=warning"], 0,
           [f"warnings   lib/holes.dae: 1 warning ({HOLES_CODE} x1)",
            "1 asset: 0 ok, 1 with warnings, 0 refused, 0 failed"])
    # --werror: a warning fails the asset, counted refused (by the rules) and marked an error in
    # the report.
    expect("--werror: a warned asset is refused",
           ["lib/holes.dae", "--severity", "collada.*=error", "--severity",
            f"{HOLES_CODE}=warning", "--werror"], 2,
           [f"refused    lib/holes.dae: 1 error ({HOLES_CODE} x1)",
            "1 asset: 0 ok, 0 with warnings, 1 refused, 0 failed"])
    got, _ = reports(["lib/holes.dae", "--werror"], 2)
    check("--werror --json: the warning is an error", got and
          got[0]["issues"]["numErrors"] == 1 and got[0]["issues"]["numWarnings"] == 0 and
          got[0]["issues"]["messages"][0]["severity"] == 0, str(got))

    # --only and --ignore, codes and families; a refusal is reported whatever they say.
    expect("--only", [SAMPLE, "lib/holes.dae", "--only", HOLES_CODE], 0,
           [f"ok         {SAMPLE}", f"warnings   lib/holes.dae: 1 warning ({HOLES_CODE} x1)",
            "2 assets: 1 ok, 1 with warnings, 0 refused, 0 failed"])
    expect("--only a family, twice", ["warned.gltf", "lib/holes.dae", "--only", "gltf.write.*", "--only",
                                      "xml.*", "--werror"], 0,
           [sample_noted, "ok         lib/holes.dae", "2 assets: 2 ok, 0 with warnings, 0 refused, 0 failed"])
    expect("--ignore a family", ["lib/holes.dae", "--ignore", "collada.polygons.*", "--werror"], 0)
    expect("--ignore cannot hide a refusal", ["lib/refused.dae", "--ignore", "collada.p.length",
                                              "--ignore", "collada.*"], 2,
           [lib_lines[3], "1 asset: 0 ok, 0 with warnings, 1 refused, 0 failed"])
    expect("--only cannot hide a refusal", ["lib/refused.dae", "--only", HOLES_CODE], 2)

    # --config: the same rules from a file; flags after it win; its mistakes are usage errors.
    def config(name, text):
        write(name, text if isinstance(text, str) else json.dumps(text))
        return name

    team = config("team.json", {"ignore": [GLOBAL_CODE],
                                "severity": {HOLES_CODE: "error"}})
    expect("--config", ["warned.gltf", "lib/holes.dae", "--config", team], 2,
           ["ok         warned.gltf", f"refused    lib/holes.dae: 1 error ({HOLES_CODE} x1)",
            "2 assets: 1 ok, 0 with warnings, 1 refused, 0 failed"])
    expect("--config, then a flag", [SAMPLE, "lib/holes.dae", "--config", team, "--severity",
                                     f"{HOLES_CODE}=warning"], 0)
    strict = config("strict.json", {"werror": True})
    expect("--config werror", ["ext", "--config", strict], 2)
    expect("--config werror, nothing warned", ["lib/clean.dae", "--config", strict], 0)
    for name, text, named in [
        ("unknown key", {"ignore": [], "silence": [GLOBAL_CODE]}, 'unknown key "silence"'),
        ("unknown code", {"ignore": ["gltf.write.globl-dropped"]},
         "ignore[0]: unknown code gltf.write.globl-dropped (did you mean "
         "gltf.write.global-dropped?)"),
        ("unknown code in severity", {"severity": {"collada.nothing": "error"}},
         'severity["collada.nothing"]: unknown code collada.nothing'),
        ("bad level", {"severity": {HOLES_CODE: "fatal"}},
         f'severity["{HOLES_CODE}"] is not "error", "warning", "info" or "hint"'),
        ("wrong type", {"only": HOLES_CODE}, '"only" is not an array of codes'),
        ("werror type", {"werror": 1}, '"werror" is not true or false'),
        ("not JSON", '{"ignore": [', "not JSON at byte"),
        ("not an object", "[]", "the config is not a JSON object"),
    ]:
        path = config("bad.json", text)
        expect(f"--config {name}", [SAMPLE, "--config", path], 1, [], f"bad.json: {named}")
    expect("--config missing", [SAMPLE, "--config", "missing.json"], 3, [], "missing.json")

    # Usage errors (exit 1) print nothing on stdout; a path that is not there is exit 3.
    for name, args, named in [
        ("unknown code", ["--ignore", "collada.polygon.holes-dropped"],
         "unknown code collada.polygon.holes-dropped (did you mean "
         "collada.polygons.holes-dropped?)"),
        ("unknown --only code", ["--only", "nonsense.code"], "unknown code nonsense.code"),
        ("unknown family", ["--ignore", "collada.nothing.*"], 'no known code starts with'),
        ("star inside", ["--ignore", "collada.*.duplicate-set"], "ends in its one '*'"),
        ("bad level", ["--severity", f"{HOLES_CODE}=fatal"], "--severity takes CODE=error"),
        ("no level", ["--severity", HOLES_CODE], "--severity takes CODE=error"),
        ("-j 0", ["-j", "0"], "-j takes a whole number from 1 to 1024"),
        ("-j x", ["-jx"], "-j takes a whole number"),
        ("--to obj", ["--to", "obj"], "--format (--to) takes glb, gltf or dae"),
        ("unknown option", ["--frobnicate"], "unknown option --frobnicate"),
        ("option without value", ["--only"], "--only needs a value"),
    ]:
        expect(f"usage: {name}", [SAMPLE, *args], 1, [], named)
    expect("usage: no path", [], 1, [], "validate takes one PATH or more")
    expect("a missing path", [SAMPLE, "no/such.dae"], 3, [], "no such file or folder: no/such.dae")

    # An asset that cannot be read is exit 3, over another's refusal (2).
    if os.path.exists("/proc/self/mem"):
        os.symlink("/proc/self/mem", "unreadable.dae")
        expect("an unreadable asset", ["unreadable.dae", "lib/refused.dae"], 3,
               ["failed     unreadable.dae: io.error: cannot read unreadable.dae: Input/output "
                "error", lib_lines[3], "2 assets: 0 ok, 0 with warnings, 1 refused, 1 failed"])
        os.remove("unreadable.dae")

    # --allow-external-files: an image outside the document's folder is read, not warned about;
    # without it, it is not read and its uri is left out of the conversion too (issue 13).
    expect("an image outside the folder", ["ext"], 0,
           ["warnings   ext/sub/img.dae: 1 warning (collada.image.outside-folder x1); 1 info "
            "(gltf.write.image-uri-dropped x1)", one_warned])
    expect("--allow-external-files", ["ext", "--allow-external-files", "--werror"], 0,
           ["ok         ext/sub/img.dae", "1 asset: 1 ok, 0 with warnings, 0 refused, 0 failed"])

    # Nothing was written, beside the inputs nor here (the configs are this test's own).
    after = [p for p in listing(work) if not p.endswith(".json")]
    check("nothing written here", after == before, str(sorted(set(after) - set(before))))
    check("nothing written beside the sample",
          listing(os.path.dirname(SAMPLE)) == sample_dir_before)
finally:
    os.chdir("/")
    shutil.rmtree(work)

sys.exit(check.summary())
