"""How the calls take their input and give their output: paths and bytes, streams, progress,
cancellation, signals, threads."""

from __future__ import annotations

import io
import signal
import threading
import time
import zipfile

import numpy as np
import pytest

import polyxios as px
from documents import collada


@pytest.mark.parametrize("wrap", [bytes, bytearray, memoryview], ids=lambda w: w.__name__)
def test_a_document_in_memory_reads_like_its_file(robot_dae, wrap):
    from_file = px.read_scene(robot_dae)
    from_memory = px.read_scene(wrap(robot_dae.read_bytes()))
    assert [n.name for n in from_memory.nodes] == [n.name for n in from_file.nodes]
    for a, b in zip(from_file.meshes, from_memory.meshes):
        np.testing.assert_array_equal(a.points, b.points)
        np.testing.assert_array_equal(a.cells, b.cells)


def test_a_zae_reads_from_its_path_and_its_bytes(robot_dae, tmp_path):
    """Issue 15, point 7: a zipped COLLADA archive through the same entry point."""
    archive = io.BytesIO()
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("manifest.xml", "<dae_root>./robot%20arm.dae</dae_root>")
        z.writestr("robot arm.dae", robot_dae.read_bytes())
    (tmp_path / "robot.zae").write_bytes(archive.getvalue())
    expected = [n.name for n in px.read_scene(robot_dae).nodes]
    assert [n.name for n in px.read_scene(tmp_path / "robot.zae").nodes] == expected
    assert [n.name for n in px.read_scene(archive.getvalue()).nodes] == expected
    with pytest.raises(px.CodecError) as refused:
        px.read_scene(archive.getvalue(), max_archive_entries=1)
    assert refused.value.code == "collada.zae.entries"


def test_glb_bytes_read_and_the_scene_outlives_them(robot_dae, tmp_path):
    px.write_scene(px.read_scene(robot_dae), tmp_path / "robot.glb")
    data = bytearray((tmp_path / "robot.glb").read_bytes())
    scene = px.read_scene(data)
    points = scene.meshes[1].points
    expected = points.copy()
    data[:] = b"\0" * len(data)  # the read copied what it keeps
    del data, scene
    np.testing.assert_array_equal(points, expected)


def test_paths_are_str_or_path_like(robot_dae, tmp_path):
    assert len(px.read_scene(str(robot_dae)).meshes) == 2
    scene = px.read_scene(robot_dae)
    px.write_scene(scene, str(tmp_path / "a.glb"))
    px.write(scene.to_polydata(), tmp_path / "b.glb")
    assert (tmp_path / "a.glb").is_file() and (tmp_path / "b.glb").is_file()


def test_round_trip_through_every_format_keeps_the_geometry(robot_dae, tmp_path):
    scene = px.read_scene(robot_dae)
    px.write_scene(scene, tmp_path / "1.glb")
    px.write_scene(px.read_scene(tmp_path / "1.glb"), tmp_path / "2.dae")
    px.write_scene(px.read_scene(tmp_path / "2.dae"), tmp_path / "3.gltf")
    back = px.read_scene(tmp_path / "3.gltf")
    np.testing.assert_allclose(back.to_polydata().points, scene.to_polydata().points, atol=1e-5)
    assert [m.name for m in back.materials] == ["paint", "steel"]


def test_collada_goes_to_binary_and_text_streams(robot_dae, tmp_path):
    scene = px.read_scene(robot_dae)
    px.write_scene(scene, tmp_path / "robot.dae")
    written = (tmp_path / "robot.dae").read_bytes()
    binary = io.BytesIO()
    px.write_scene(scene, binary, collada=True)
    assert binary.getvalue() == written
    text = io.StringIO()  # holds str: no encoding of its own
    px.write_scene(scene, text, collada=True)
    assert text.getvalue() == written.decode()
    # an encoding that spells ASCII as ASCII takes a document holding nothing else
    latin1 = io.TextIOWrapper(io.BytesIO(), encoding="latin-1")
    px.write_scene(scene, latin1, collada=True)
    latin1.flush()
    assert latin1.buffer.getvalue() == written


def test_a_text_stream_in_another_encoding_is_refused(robot_dae):
    scene = px.read_scene(robot_dae)
    utf16 = io.TextIOWrapper(io.BytesIO(), encoding="utf-16")
    with pytest.raises(px.CodecError) as refused:
        px.write_scene(scene, utf16, collada=True)  # pass bytes or a path
    assert refused.value.code == "collada.write.stream-encoding"
    with pytest.raises(TypeError, match="GLB is binary"):
        px.write_scene(scene, io.StringIO())


def test_progress_is_told_rising_fractions_ending_at_one(robot_dae, tmp_path):
    seen = []
    scene = px.read_scene(robot_dae, progress=seen.append)
    assert seen and seen[-1] == 1 and seen == sorted(seen)
    seen.clear()
    px.write_scene(scene, tmp_path / "out.glb", progress=lambda f: seen.append(f) or True)
    assert seen and seen[-1] == 1 and seen == sorted(seen)


@pytest.mark.parametrize("suffix", [".glb", ".gltf", ".dae"])
def test_progress_returning_false_cancels_and_writes_nothing(robot_dae, tmp_path, suffix):
    scene = px.read_scene(robot_dae)
    with pytest.raises(px.Cancelled):
        px.write_scene(scene, tmp_path / f"out{suffix}", progress=lambda fraction: False)
    assert list(tmp_path.iterdir()) == []
    with pytest.raises(px.Cancelled):
        px.read_scene(robot_dae, progress=lambda fraction: False)


def test_an_exception_in_progress_stops_the_call_and_propagates(robot_dae, tmp_path):
    def fail(fraction):
        raise ZeroDivisionError("from the callback")

    with pytest.raises(ZeroDivisionError, match="from the callback"):
        px.read_scene(robot_dae, progress=fail)
    with pytest.raises(ZeroDivisionError):
        px.write(px.read_scene(robot_dae).to_polydata(), tmp_path / "out.glb", progress=fail)
    assert list(tmp_path.iterdir()) == []


class Interrupted(Exception):
    pass


def large_collada(triangles: int) -> bytes:
    """A COLLADA document of one geometry holding `triangles` triangles over three points."""
    indices = "0 1 2 " * triangles
    return collada(
        f"""<library_geometries><geometry id="g"><mesh>
  <source id="pos"><float_array id="pos-a" count="9">0 0 0 1 0 0 0 1 0</float_array>
    <technique_common><accessor source="#pos-a" count="3" stride="3">
      <param name="X" type="float"/><param name="Y" type="float"/><param name="Z" type="float"/>
    </accessor></technique_common></source>
  <vertices id="v"><input semantic="POSITION" source="#pos"/></vertices>
  <triangles count="{triangles}"><input semantic="VERTEX" source="#v" offset="0"/><p>{indices}</p></triangles>
</mesh></geometry></library_geometries>""")


def test_a_signal_during_a_call_stops_it():
    # A signal arriving while the library works, as Ctrl-C does, runs its Python handler at the
    # next progress step, and the handler's exception stops the call. The progress callback here
    # is list.append, which runs no Python code (so no handler runs inside it) and never stops a
    # call: a read ending before its last step was stopped by the signal.
    document = large_collada(3_000_000)  # 18 MB: many steps of 256 KiB
    steps = []
    done = threading.Event()

    def send_alarms():
        while not steps and not done.is_set():
            time.sleep(0.0005)
        while not done.is_set():
            signal.pthread_kill(threading.main_thread().ident, signal.SIGALRM)
            time.sleep(0.0005)

    def on_alarm(signum, frame):
        if not done.is_set():  # once: alarms sent before the sender saw it are let go
            done.set()
            raise Interrupted()

    previous = signal.signal(signal.SIGALRM, on_alarm)
    sender = threading.Thread(target=send_alarms)
    sender.start()
    try:
        with pytest.raises(Interrupted):
            px.read_scene(document, threads=1, progress=steps.append)
    finally:
        done.set()
        sender.join()
        signal.signal(signal.SIGALRM, previous)
    assert 0 < len(steps) and steps[-1] < 1


def test_threads_read_and_write_at_once(robot_dae, tmp_path):
    expected = px.read_scene(robot_dae).to_polydata().points
    failures = []

    def work(k):
        try:
            for i in range(5):
                scene = px.read_scene(robot_dae, threads=2)
                out = tmp_path / f"t{k}-{i}.glb"
                px.write_scene(scene, out)
                np.testing.assert_allclose(px.read_scene(out).to_polydata().points, expected,
                                           atol=1e-5)
        except Exception as e:  # noqa: BLE001 - reported below
            failures.append(e)

    workers = [threading.Thread(target=work, args=(k,)) for k in range(4)]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    assert failures == []
