#!/usr/bin/python3
"""Material, light and camera animation (issue 15, point 4) <-> KHR_animation_pointer.

A hand-written COLLADA document animates an effect's diffuse colour, transparency and emission (the
effect instanced by two materials), a point light's colour and a camera's xfov and znear; a
hand-written glTF animates base colour factors (alpha too), an emissive factor (CUBICSPLINE), a
light's colour and intensity and another light's intensity, a camera's yfov and zfar. Checked:
- the COLLADA read gives the pointer channels, values as the static read maps them (diffuse and
  alpha by the A_ONE rule, a material blending once its alpha drops, xfov to yfov in radians, a
  light's colour split into colour and intensity), every material of the effect animated;
- each GLB is validator-clean (no error, no warning) and each COLLADA write schema-valid;
- COLLADA -> glTF -> COLLADA -> glTF and glTF -> COLLADA -> glTF keep the channels' values (a
  light's colour times intensity) within float tolerance, light pointers renumbered as the lights
  are written;
- a second document animates a spot's falloff angle and exponent, an orthographic camera's xmag,
  a perspective one's xfov beside its yfov and a phong's specular colour and shininess: the read
  gives the spot's outer and inner cone, the xmag, the aspect ratio (not the yfov, which stays),
  the specular colour (its material holding KHR_materials_specular) and the roughness, a COLLADA
  write and read keeps them;
- over the shared corpus: the documents with channels on effect, light or camera parameters, and
  how many keep them now (none did before).

  animation_pointer_test.py POLYXIOS NODE VALIDATE_MJS SCHEMA CORPUS
"""
import base64
import json
import math
import os
import re
import struct
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

from cli_checks import Checks, Schema, check_validator_clean, required

POLYXIOS, NODE, VALIDATE, SCHEMA, CORPUS = sys.argv[1:6]
check = Checks()
SCHEMA_CHECK = Schema(SCHEMA, timeout=120)


def convert(src, dst):
    p = subprocess.run([POLYXIOS, 'convert', src, dst], capture_output=True, text=True,
                       stdin=subprocess.DEVNULL, timeout=120)
    check(f'{os.path.basename(src)} -> {os.path.basename(dst)}', p.returncode == 0, p.stderr)
    return p.stderr


def load_glb(path):
    b = open(path, 'rb').read()
    n = struct.unpack('<I', b[12:16])[0]
    j = json.loads(b[20:20 + n])
    m = struct.unpack('<I', b[20 + n:24 + n])[0]
    return j, b[28 + n:28 + n + m]


def accessor(j, blob, i):
    a = j['accessors'][i]
    v = j['bufferViews'][a['bufferView']]
    w = {'SCALAR': 1, 'VEC3': 3, 'VEC4': 4}[a['type']]
    off = v.get('byteOffset', 0) + a.get('byteOffset', 0)
    flat = struct.unpack(f'<{a["count"] * w}f', blob[off:off + 4 * a['count'] * w])
    return [list(flat[k * w:(k + 1) * w]) for k in range(a['count'])]


def pointer_channels(path):
    """{pointer: (times, rows, interpolation)} of every pointer channel of the GLB."""
    j, blob = load_glb(path)
    out = {}
    for a in j.get('animations', []):
        for c in a['channels']:
            ext = c['target'].get('extensions', {}).get('KHR_animation_pointer')
            if ext is None:
                continue
            check(f'{path}: a pointer channel names no node', 'node' not in c['target'])
            s = a['samplers'][c['sampler']]
            out[ext['pointer']] = ([t[0] for t in accessor(j, blob, s['input'])],
                                   accessor(j, blob, s['output']), s['interpolation'])
    return j, out


def sample(channel, t):
    """A channel's value at t (CUBICSPLINE as glTF's Hermite spline)."""
    times, rows, interp = channel
    if interp == 'CUBICSPLINE':
        if t <= times[0]:
            return rows[1]
        for k in range(len(times) - 1):
            if t < times[k + 1]:
                dt = times[k + 1] - times[k]
                s = (t - times[k]) / dt
                h = [2 * s**3 - 3 * s**2 + 1, s**3 - 2 * s**2 + s, -2 * s**3 + 3 * s**2, s**3 - s**2]
                return [h[0] * v0 + h[1] * dt * b + h[2] * v1 + h[3] * dt * a for v0, b, v1, a in
                        zip(rows[3 * k + 1], rows[3 * k + 2], rows[3 * k + 4], rows[3 * k + 3])]
        return rows[-2]
    if t <= times[0]:
        return rows[0]
    for k in range(len(times) - 1):
        if t < times[k + 1]:
            if interp == 'STEP':
                return rows[k]
            f = (t - times[k]) / (times[k + 1] - times[k])
            return [a + (b - a) * f for a, b in zip(rows[k], rows[k + 1])]
    return rows[-1]


def near(a, b, tol=2e-5):
    return len(a) == len(b) and all(abs(x - y) <= tol * max(1, abs(x), abs(y)) for x, y in zip(a, b))


def schema_valid(path):
    errors = SCHEMA_CHECK.errors(path)
    if errors is not None:
        check(f'{os.path.basename(path)} is schema-valid', not errors, errors[-2000:])


def source(id_, values, width, names=None):
    n = len(values.split())
    names = names or [f'P{i}' for i in range(width)]
    params = ''.join(f'<param name="{p}" type="float"/>' for p in names)
    return (f'<source id="{id_}"><float_array id="{id_}-a" count="{n}">{values}</float_array>'
            f'<technique_common><accessor source="#{id_}-a" count="{n // width}" stride="{width}">'
            f'{params}</accessor></technique_common></source>')


def animation(id_, target, times, values, width, interp='LINEAR'):
    n = len(times.split())
    return (f'<animation id="{id_}">{source(id_ + "-in", times, 1)}'
            f'{source(id_ + "-out", values, width)}'
            f'<source id="{id_}-i"><Name_array id="{id_}-ia" count="{n}">{" ".join([interp] * n)}'
            f'</Name_array><technique_common><accessor source="#{id_}-ia" count="{n}">'
            f'<param name="INTERPOLATION" type="Name"/></accessor></technique_common></source>'
            f'<sampler id="{id_}-s"><input semantic="INPUT" source="#{id_}-in"/>'
            f'<input semantic="OUTPUT" source="#{id_}-out"/>'
            f'<input semantic="INTERPOLATION" source="#{id_}-i"/></sampler>'
            f'<channel source="#{id_}-s" target="{target}"/></animation>')


COLLADA = f'''<?xml version="1.0" encoding="utf-8"?>
<COLLADA xmlns="http://www.collada.org/2005/11/COLLADASchema" version="1.4.1">
<asset><unit meter="1"/><up_axis>Y_UP</up_axis></asset>
<library_animations><animation id="all">
{animation('diffuse', 'fx/diffuse-c', '0 1 2', '1 0 0 1  0 1 0 1  0 0 1 1', 4)}
{animation('transparency', 'fx/common/tr', '0 1.5', '1 0.25', 1, 'STEP')}
{animation('emission', 'fx/emission-c.R', '0 2', '0 1', 1)}
{animation('light', 'lamp/lamp-color', '0 1', '1 1 1  2 0.5 0', 3)}
{animation('xfov', 'cam/xfov', '0 2', '40 80', 1)}
{animation('znear', 'cam/znear', '0 2', '0.1 0.5', 1)}
</animation></library_animations>
<library_cameras><camera id="cam"><optics><technique_common><perspective>
<xfov sid="xfov">40</xfov><aspect_ratio>1.5</aspect_ratio><znear sid="znear">0.1</znear>
<zfar>100</zfar></perspective></technique_common></optics></camera></library_cameras>
<library_lights><light id="lamp"><technique_common><point>
<color sid="lamp-color">1 1 1</color><constant_attenuation>0</constant_attenuation>
<linear_attenuation>0</linear_attenuation><quadratic_attenuation>1</quadratic_attenuation>
</point></technique_common></light></library_lights>
<library_effects><effect id="fx"><profile_COMMON><technique sid="common"><phong>
<emission><color sid="emission-c">0 0.5 0 1</color></emission>
<diffuse><color sid="diffuse-c">1 0 0 1</color></diffuse>
<transparent opaque="A_ONE"><color>1 1 1 0.8</color></transparent>
<transparency><float sid="tr">1</float></transparency>
</phong></technique></profile_COMMON></effect></library_effects>
<library_materials><material id="m1"><instance_effect url="#fx"/></material>
<material id="m2"><instance_effect url="#fx"/></material></library_materials>
<library_visual_scenes><visual_scene id="vs">
<node id="lamp-node"><translate sid="t">0 1 0</translate><instance_light url="#lamp"/></node>
<node id="cam-node"><translate sid="t">0 0 5</translate><instance_camera url="#cam"/></node>
</visual_scene></library_visual_scenes>
<scene><instance_visual_scene url="#vs"/></scene>
</COLLADA>
'''


def expected_collada(t):
    """The glTF values the static rules give the fixture's parameters at time t."""
    lerp = lambda a, b, f: a + (b - a) * min(max(f, 0), 1)
    if t <= 1:
        rgb = [lerp(1, 0, t), lerp(0, 1, t), 0]
    else:
        rgb = [0, lerp(1, 0, t - 1), lerp(0, 1, t - 1)]
    tr = 1 if t < 1.5 else 0.25
    color = [lerp(1, 2, t), lerp(1, 0.5, t), lerp(1, 0, t)]
    xfov = math.radians(lerp(40, 80, t / 2))
    return {
        '/materials/0/pbrMetallicRoughness/baseColorFactor': rgb + [0.8 * tr],
        '/materials/1/pbrMetallicRoughness/baseColorFactor': rgb + [0.8 * tr],
        '/materials/0/emissiveFactor': [lerp(0, 1, t / 2), 0.5, 0],
        '/materials/1/emissiveFactor': [lerp(0, 1, t / 2), 0.5, 0],
        'light': color,  # colour times intensity (the attenuation sums to 1)
        '/cameras/0/perspective/yfov': [2 * math.atan(math.tan(xfov / 2) / 1.5)],
        '/cameras/0/perspective/znear': [lerp(0.1, 0.5, t / 2)],
    }


def light_product(channels, prefix, t):
    color = sample(channels[prefix + '/color'], t) if prefix + '/color' in channels else None
    intensity = (sample(channels[prefix + '/intensity'], t)[0]
                 if prefix + '/intensity' in channels else None)
    return color, intensity


def compare(name, before, after, times, lights, statics=None):
    """Every pointer of `before` in `after` with the same values at `times`; a light's colour
    times intensity compared, each light by the product."""
    statics = statics or {}
    for pointer in before:
        if '/KHR_lights_punctual/' in pointer:
            continue
        check(f'{name}: {pointer} kept', pointer in after, sorted(after))
        if pointer in after:
            for t in times:
                check(f'{name}: {pointer} at {t}',
                      near(sample(before[pointer], t), sample(after[pointer], t)),
                      f'{sample(before[pointer], t)} vs {sample(after[pointer], t)}')
    for a, b in lights:
        for t in times:
            ca, ia = light_product(before, a, t)
            cb, ib = light_product(after, b, t)
            ca = ca or statics[a][0]
            ia = statics[a][1] if ia is None else ia
            cb = cb or statics[b][0]
            ib = statics[b][1] if ib is None else ib
            check(f'{name}: light {a} -> {b} at {t}',
                  near([c * ia for c in ca], [c * ib for c in cb]),
                  f'{ca}*{ia} vs {cb}*{ib}')


def gltf_fixture():
    """A glTF of two lights (node 0 carries light 1, node 1 light 0), a camera and two materials,
    animated by pointer channels."""
    blobs, views, accessors = [], [], []

    def add(values, type_):
        data = struct.pack(f'<{len(values)}f', *values)
        views.append({'buffer': 0, 'byteOffset': sum(len(b) for b in blobs),
                      'byteLength': len(data)})
        blobs.append(data)
        acc = {'bufferView': len(views) - 1, 'componentType': 5126, 'type': type_,
               'count': len(values) // {'SCALAR': 1, 'VEC3': 3, 'VEC4': 4}[type_]}
        if type_ == 'SCALAR':
            acc['min'], acc['max'] = [min(values)], [max(values)]
        accessors.append(acc)
        return len(accessors) - 1

    t3 = add([0, 0.5, 1], 'SCALAR')
    t2 = add([0, 2], 'SCALAR')
    samplers, channels = [], []

    def channel(pointer, times, values, type_, interp='LINEAR'):
        samplers.append({'input': times, 'output': add(values, type_), 'interpolation': interp})
        channels.append({'sampler': len(samplers) - 1, 'target': {
            'path': 'pointer', 'extensions': {'KHR_animation_pointer': {'pointer': pointer}}}})

    channel('/materials/0/pbrMetallicRoughness/baseColorFactor', t3,
            [1, 1, 1, 1, 0.5, 0.2, 0.1, 0.5, 0, 0, 1, 1], 'VEC4')
    channel('/materials/1/pbrMetallicRoughness/baseColorFactor', t2,
            [0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.5], 'VEC4', 'STEP')
    channel('/materials/1/emissiveFactor', t2,
            [0, 0, 0, 0, 0, 0, 1, 0, 0,  1, 0, 0, 0, 1, 0, 0, 0, 0], 'VEC3', 'CUBICSPLINE')
    channel('/extensions/KHR_lights_punctual/lights/1/color', t3, [1, 0, 0, 0, 1, 0, 0, 0, 1],
            'VEC3')
    channel('/extensions/KHR_lights_punctual/lights/1/intensity', t3, [1, 3, 2], 'SCALAR')
    channel('/extensions/KHR_lights_punctual/lights/0/intensity', t2, [5, 1], 'SCALAR')
    channel('/cameras/0/perspective/yfov', t2, [0.5, 1.0], 'SCALAR')
    channel('/cameras/0/perspective/zfar', t3, [100, 50, 80], 'SCALAR')
    data = b''.join(blobs)
    return {
        'asset': {'version': '2.0'},
        'extensionsUsed': ['KHR_animation_pointer', 'KHR_lights_punctual'],
        'extensions': {'KHR_lights_punctual': {'lights': [
            {'type': 'directional', 'color': [1, 1, 0.5], 'intensity': 2},
            {'type': 'point', 'color': [1, 1, 1], 'intensity': 4}]}},
        'scene': 0, 'scenes': [{'nodes': [0, 1, 2]}],
        'nodes': [{'name': 'l1', 'extensions': {'KHR_lights_punctual': {'light': 1}}},
                  {'name': 'l0', 'extensions': {'KHR_lights_punctual': {'light': 0}}},
                  {'name': 'cam', 'camera': 0}],
        'cameras': [{'type': 'perspective', 'perspective': {
            'yfov': 0.5, 'znear': 0.1, 'zfar': 100, 'aspectRatio': 1.5}}],
        'materials': [{'name': 'a', 'pbrMetallicRoughness': {'metallicFactor': 0}},
                      {'name': 'b', 'pbrMetallicRoughness': {
                          'baseColorFactor': [0.2, 0.3, 0.4, 0.5], 'metallicFactor': 0},
                       'alphaMode': 'BLEND'}],
        'animations': [{'name': 'pointers', 'channels': channels, 'samplers': samplers}],
        'buffers': [{'byteLength': len(data),
                     'uri': 'data:application/octet-stream;base64,' +
                            base64.b64encode(data).decode()}],
        'bufferViews': views, 'accessors': accessors,
    }


CONES = f'''<?xml version="1.0" encoding="utf-8"?>
<COLLADA xmlns="http://www.collada.org/2005/11/COLLADASchema" version="1.4.1">
<asset><unit meter="1"/><up_axis>Y_UP</up_axis></asset>
<library_animations><animation id="all">
{animation('angle', 'spot/fa', '0 1', '60 90', 1)}
{animation('fade', 'spot/fe', '0 2', '0.5 0.25', 1)}
{animation('xmag', 'ortho/xm', '0 2', '2 3', 1)}
{animation('xfov', 'persp/xf', '0 2', '60 80', 1)}
{animation('spec', 'hi/common/sc', '0 2', '1 1 1 1  0.5 0.25 0 1', 4)}
{animation('shin', 'hi/common/sh', '0 2', '10 40', 1)}
</animation></library_animations>
<library_effects><effect id="hi"><profile_COMMON><technique sid="common"><phong>
<specular><color sid="sc">1 1 1 1</color></specular><shininess><float sid="sh">10</float>
</shininess></phong></technique></profile_COMMON></effect></library_effects>
<library_materials><material id="hm"><instance_effect url="#hi"/></material></library_materials>
<library_cameras><camera id="ortho"><optics><technique_common><orthographic>
<xmag sid="xm">2</xmag><ymag>1</ymag><znear>0.1</znear><zfar>100</zfar></orthographic>
</technique_common></optics></camera><camera id="persp"><optics><technique_common><perspective>
<xfov sid="xf">60</xfov><yfov>40</yfov><znear>0.1</znear></perspective></technique_common>
</optics></camera></library_cameras>
<library_lights><light id="spot"><technique_common><spot><color>1 1 1</color>
<falloff_angle sid="fa">60</falloff_angle><falloff_exponent sid="fe">0.5</falloff_exponent>
</spot></technique_common></light></library_lights>
<library_visual_scenes><visual_scene id="vs">
<node id="spot-node"><instance_light url="#spot"/></node>
<node id="ortho-node"><instance_camera url="#ortho"/></node>
<node id="persp-node"><instance_camera url="#persp"/></node>
</visual_scene></library_visual_scenes>
<scene><instance_visual_scene url="#vs"/></scene>
</COLLADA>
'''


def expected_cones(t):
    """The glTF values of CONES' parameters at time t."""
    lerp = lambda a, b, f: a + (b - a) * min(max(f, 0), 1)
    outer = math.radians(lerp(60, 90, t)) / 2
    xfov = math.radians(lerp(60, 80, t / 2))
    return {
        '/extensions/KHR_lights_punctual/lights/0/spot/outerConeAngle': [outer],
        '/extensions/KHR_lights_punctual/lights/0/spot/innerConeAngle':
            [outer * (1 - lerp(0.5, 0.25, t / 2))],
        '/cameras/0/orthographic/xmag': [lerp(2, 3, t / 2)],
        '/cameras/1/perspective/aspectRatio': [math.tan(xfov / 2) / math.tan(math.radians(20))],
        '/materials/0/extensions/KHR_materials_specular/specularColorFactor':
            [lerp(1, 0.5, t / 2), lerp(1, 0.25, t / 2), lerp(1, 0, t / 2)],
        '/materials/0/pbrMetallicRoughness/roughnessFactor':
            [(2 / (lerp(10, 40, t / 2) + 2)) ** 0.25],
    }


def cones_and_optics(tmp):
    """CONES through glTF, COLLADA and glTF again; returns the two GLBs."""
    dae = os.path.join(tmp, 'cones.dae')
    open(dae, 'w').write(CONES)
    glb = os.path.join(tmp, 'cones.glb')
    convert(dae, glb)
    j, got = pointer_channels(glb)
    check("cones: the spot's cones, the xmag, the aspect ratio, the specular colour and the "
          "roughness, nothing else", sorted(got) == sorted(expected_cones(0)), sorted(got))
    check('cones: the material holds the KHR_materials_specular its pointer names',
          'KHR_materials_specular' in j['materials'][0].get('extensions', {}) and
          'KHR_materials_specular' in j.get('extensionsUsed', []), j['materials'])
    # At each channel's keys: the inner cone and the aspect ratio are not linear between them.
    for pointer, channel in got.items():
        for t in channel[0]:
            value = expected_cones(t)[pointer]
            check(f'cones: {pointer} at {t}', near(sample(channel, t), value, 1e-5),
                  f'{sample(channel, t)} vs {value}')
    rt = os.path.join(tmp, 'cones.rt.dae')
    convert(glb, rt)
    schema_valid(rt)
    text = open(rt).read()
    for sid in ['falloff_angle', 'falloff_exponent', 'xmag', 'aspect_ratio', 'specular-color',
                'shininess']:
        check(f'cones: collada write gives sid "{sid}"', f'sid="{sid}"' in text)
    glb2 = os.path.join(tmp, 'cones.rt.glb')
    convert(rt, glb2)
    _, back = pointer_channels(glb2)
    check('cones: the round trip keeps the same pointers', sorted(back) == sorted(got),
          sorted(back))
    for pointer in got:
        for t in [0, 0.5, 1, 1.5, 2]:
            if pointer in back:
                check(f'cones round trip: {pointer} at {t}',
                      near(sample(got[pointer], t), sample(back[pointer], t), 1e-5),
                      f'{sample(got[pointer], t)} vs {sample(back[pointer], t)}')
    return [glb, glb2]


def corpus_count():
    """The corpus documents with channels on effect, light or camera elements; how many keep a
    pointer channel in their GLB."""
    root = os.path.join(CORPUS, 'collada')
    if not os.path.isdir(root):
        required.skip_part(f'the corpus count: no corpus at {root}')
        return
    found = []
    for folder, _, files in os.walk(root):
        for name in sorted(files):
            path = os.path.join(folder, name)
            if not name.endswith('.dae') or b'<channel' not in open(path, 'rb').read():
                continue
            try:
                tree = ET.parse(path)
            except ET.ParseError:
                continue
            ids, parent = {}, {}
            for e in tree.iter():
                for c in e:
                    parent[c] = e
                if e.get('id'):
                    ids[e.get('id')] = e
            for ch in (e for e in tree.iter() if e.tag.split('}')[-1] == 'channel'):
                e = ids.get(re.split(r'[/.(]', ch.get('target', ''))[0])
                while e is not None and e.tag.split('}')[-1] not in (
                        'library_effects', 'library_lights', 'library_cameras',
                        'library_materials'):
                    e = parent.get(e)
                if e is not None:
                    found.append(path)
                    break
    kept = 0
    with tempfile.TemporaryDirectory() as tmp:
        for path in sorted(found):
            out = os.path.join(tmp, 'out.glb')
            p = subprocess.run([POLYXIOS, 'convert', '--quiet', path, out], capture_output=True,
                               stdin=subprocess.DEVNULL, timeout=300)
            if p.returncode == 0 and pointer_channels(out)[1]:
                kept += 1
    print(f'corpus: {len(found)} documents animate effect, light or camera parameters; '
          f'{kept} keep them as KHR_animation_pointer channels (0 before)')
    # Of the 18: the ambient colour (2, glTF has none), a transparency beside no <transparent>
    # (2, it sets no alpha) and a technique <extra> parameter (2) are the 6 dropped.
    check('corpus: at least 12 documents keep their parameter animations', kept >= 12,
          f'{kept} of {len(found)}')


with tempfile.TemporaryDirectory() as tmp:
    # COLLADA -> glTF: the read maps the parameters as the static read does.
    dae = os.path.join(tmp, 'params.dae')
    open(dae, 'w').write(COLLADA)
    glb = os.path.join(tmp, 'params.glb')
    convert(dae, glb)
    j, got = pointer_channels(glb)
    want = expected_collada(0)
    for pointer in want:
        if pointer != 'light':
            check(f'collada read: {pointer}', pointer in got, sorted(got))
    lights = [p for p in got if '/KHR_lights_punctual/' in p]
    check('collada read: the light colour as colour and intensity',
          sorted(lights) == ['/extensions/KHR_lights_punctual/lights/0/color',
                             '/extensions/KHR_lights_punctual/lights/0/intensity'], lights)
    times = sorted({t for c in got.values() for t in c[0]})
    # Between keys too, but where the glTF value is not linear in COLLADA's (a light's colour
    # split in two, an xfov made a yfov), at the keys (a span's quarters) alone.
    for t in times + [0.3, 1.2, 1.7]:
        want = expected_collada(t)
        for pointer, value in want.items():
            own = got['/extensions/KHR_lights_punctual/lights/0/color' if pointer == 'light'
                      else pointer][0] if pointer == 'light' or pointer in got else times
            if t not in own and (pointer == 'light' or pointer.endswith('yfov')):
                continue
            if pointer == 'light':
                c, i = light_product(got, '/extensions/KHR_lights_punctual/lights/0', t)
                check(f'collada read: light at {t}', near([x * i for x in c], value, 1e-4),
                      f'{c}*{i} vs {value}')
            elif pointer in got:
                check(f'collada read: {pointer} at {t}', near(sample(got[pointer], t), value, 1e-4),
                      f'{sample(got[pointer], t)} vs {value}')
    check('collada read: the transparency STEP keeps its step (a key just before 1.5)',
          any(1.49 < t < 1.5 for t in times), times)
    check('collada read: an animated alpha blends',
          all(m.get('alphaMode') == 'BLEND' for m in j['materials']), j['materials'])
    # -> COLLADA -> glTF.
    dae2 = os.path.join(tmp, 'params.rt.dae')
    convert(glb, dae2)
    schema_valid(dae2)
    text = open(dae2).read()
    for sid in ['diffuse-color', 'transparent-color', 'emission-color', 'color', 'yfov', 'znear']:
        check(f'collada write: sid "{sid}" written', f'sid="{sid}"' in text)
    check('collada write: no unanimated zfar sid', 'sid="zfar"' not in text)
    glb2 = os.path.join(tmp, 'params.rt.glb')
    convert(dae2, glb2)
    _, back = pointer_channels(glb2)
    light = '/extensions/KHR_lights_punctual/lights/0'
    compare('collada round trip', got, back, times, [(light, light)])

    # glTF -> COLLADA -> glTF.
    gltf = os.path.join(tmp, 'pointers.gltf')
    json.dump(gltf_fixture(), open(gltf, 'w'))
    glb3 = os.path.join(tmp, 'pointers.glb')
    convert(gltf, glb3)
    _, first = pointer_channels(glb3)
    # The writer numbers lights as the nodes name them: node 0's light 1 is written first.
    check('gltf write: light pointers renumbered as written',
          '/extensions/KHR_lights_punctual/lights/0/color' in first and
          '/extensions/KHR_lights_punctual/lights/1/intensity' in first, sorted(first))
    dae3 = os.path.join(tmp, 'pointers.dae')
    warnings = convert(gltf, dae3)
    check('collada write: no pointer channel dropped', 'animation-pointer-dropped' not in warnings,
          warnings)
    schema_valid(dae3)
    glb4 = os.path.join(tmp, 'pointers.rt.glb')
    convert(dae3, glb4)
    _, again = pointer_channels(glb4)
    statics = {'/extensions/KHR_lights_punctual/lights/0': ([1, 1, 1], 4),
               '/extensions/KHR_lights_punctual/lights/1': ([1, 1, 0.5], 2)}
    # The CUBICSPLINE emission is followed at its quarters, where both agree.
    compare('gltf round trip', first, again, [0, 0.5, 1, 1.5, 2],
            [('/extensions/KHR_lights_punctual/lights/0', '/extensions/KHR_lights_punctual/lights/0'),
             ('/extensions/KHR_lights_punctual/lights/1', '/extensions/KHR_lights_punctual/lights/1')],
            statics)
    check_validator_clean(NODE, VALIDATE, [glb, glb2, glb3, glb4] + cones_and_optics(tmp), check,
                          warnings_too=True)

corpus_count()
SCHEMA_CHECK.note()
sys.exit(check.summary())
