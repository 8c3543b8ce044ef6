"""SceneData.global_attrs["animations"] as the module builds it from the typed scene: the keys, in
the order, each reader gave them (a glTF read's only those its file gives, a COLLADA read's name
and channel node always)."""

from __future__ import annotations

import base64
import json
import struct

import numpy as np
import polyxios as px
from documents import collada, corpus_file


def pointer_gltf() -> bytes:
    """A glTF document whose one animation, unnamed, sets a material's alphaCutoff through
    KHR_animation_pointer (a channel naming no node)."""
    data = struct.pack("<4f", 0.0, 1.0, 0.25, 0.75)
    uri = "data:application/octet-stream;base64," + base64.b64encode(data).decode()
    document = {
        "asset": {"version": "2.0"},
        "extensionsUsed": ["KHR_animation_pointer"],
        "scene": 0,
        "scenes": [{"nodes": [0]}],
        "nodes": [{"name": "n"}],
        "materials": [{"alphaMode": "MASK"}],
        "buffers": [{"uri": uri, "byteLength": len(data)}],
        "bufferViews": [{"buffer": 0, "byteOffset": 0, "byteLength": 8},
                        {"buffer": 0, "byteOffset": 8, "byteLength": 8}],
        "accessors": [{"bufferView": 0, "componentType": 5126, "count": 2, "type": "SCALAR",
                       "min": [0.0], "max": [1.0]},
                      {"bufferView": 1, "componentType": 5126, "count": 2, "type": "SCALAR"}],
        "animations": [{"channels": [{"sampler": 0, "target": {"path": "pointer", "extensions": {
            "KHR_animation_pointer": {"pointer": "/materials/0/alphaCutoff"}}}}],
                        "samplers": [{"input": 0, "output": 1}]}],
    }
    return json.dumps(document).encode()


def sliding_collada() -> bytes:
    """A COLLADA document whose node "n" has its <translate sid="t"> X animated over two keys."""
    source = ('<source id="{0}"><float_array id="{0}-a" count="2">{1}</float_array>'
              '<technique_common><accessor source="#{0}-a" count="2" stride="1">'
              '<param name="{2}" type="{3}"/></accessor></technique_common></source>')
    animation = ('<library_animations><animation id="slide">'
                 + source.format("in", "0 1", "TIME", "float")
                 + source.format("out", "0 2", "X", "float")
                 + '<source id="how"><Name_array id="how-a" count="2">LINEAR LINEAR</Name_array>'
                 '<technique_common><accessor source="#how-a" count="2" stride="1">'
                 '<param name="INTERPOLATION" type="name"/></accessor></technique_common></source>'
                 '<sampler id="s"><input semantic="INPUT" source="#in"/>'
                 '<input semantic="OUTPUT" source="#out"/>'
                 '<input semantic="INTERPOLATION" source="#how"/></sampler>'
                 '<channel source="#s" target="n/t.X"/></animation></library_animations>')
    return collada(animation, '<node id="n" name="n"><translate sid="t">0 0 0</translate></node>')


def test_a_gltf_animation_holds_only_the_keys_its_file_gives():
    (animation,) = px.read_scene(pointer_gltf()).global_attrs["animations"]
    assert list(animation) == ["channels", "samplers"]  # no name
    (channel,) = animation["channels"]
    assert list(channel) == ["sampler", "target"]
    assert list(channel["target"].items()) == [("path", "pointer"),
                                               ("pointer", "/materials/0/alphaCutoff")]
    (sampler,) = animation["samplers"]
    assert list(sampler) == ["times", "values", "interpolation"]
    assert sampler["times"].shape == (2,) and sampler["values"].dtype == np.float32
    np.testing.assert_array_equal(sampler["values"], [0.25, 0.75])


def test_a_collada_animation_holds_its_name_and_its_element_target():
    (animation,) = px.read_scene(sliding_collada()).global_attrs["animations"]
    assert list(animation) == ["name", "channels", "samplers"]
    assert animation["name"] == "slide"
    (channel,) = animation["channels"]
    assert list(channel["target"].items()) == [("node", 0), ("path", "translation"), ("sid", "t"),
                                               ("member", "X")]
    (sampler,) = animation["samplers"]
    assert list(sampler) == ["times", "values", "interpolation"]
    assert sampler["values"].dtype == np.float64
    np.testing.assert_array_equal(sampler["values"], [0, 2])


def test_a_collada_material_channel_names_node_minus_one(corpus):
    path = corpus_file(corpus, "collada/cts/collada/library_animations/animation/channel/"
                       "animation_channel_effect_emission/animation_channel_effect_emission.dae")
    animations = px.read_scene(path).global_attrs["animations"]
    targets = [c["target"] for a in animations for c in a["channels"]]
    assert targets and all(list(t)[:3] == ["node", "path", "pointer"] for t in targets)
    assert any(t["node"] == -1 and t["pointer"].startswith("/materials/") for t in targets)
