"""SceneData.global_attrs["animations"] as the module builds it from the typed scene: the keys, in
the order, each reader gave them (a glTF read's only those its file gives, a COLLADA read's name
and channel node always)."""

from __future__ import annotations

import numpy as np
import polyxios as px
from documents import corpus_file, pointer_gltf, sliding_collada


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
