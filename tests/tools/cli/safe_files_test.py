#!/usr/bin/python3
"""Issue 34, part 3, defects 2 to 5: every file polyxios opens for an input is contained, regular,
non-blocking and bounded, end to end through convert, validate and batch.

  2. a glTF buffer symlinked to /etc/passwd, a texture symlinked out of the folder (glTF and
     COLLADA), an other.dae symlinked out of it: not read (refused, or warned and left out);
     validate and batch do not take an asset symlinked from outside SRC, and say how many
     they left out; with --allow-external-files each is read;
  3. a FIFO as a buffer (convert and validate) or as the input, a buffer symlinked to /dev/zero,
     a buffer past --max-input: each refused promptly, nothing blocking, nothing read past the
     limit; validate --timeout stops an asset that runs too long;
  4. and 5. a .bin whose first float starts with the gzip magic converts, and a gzip bomb as a
     .bin, a .gltf or a texture is never inflated.

  safe_files_test.py POLYXIOS SAMPLE_DAE
"""
import gzip
import json
import os
import struct
import subprocess
import sys
import tempfile
import time
import zlib

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cli_checks import Checks, glb_json  # noqa: E402
from cli_documents import textured_triangle_dae  # noqa: E402

POLYXIOS, SAMPLE = sys.argv[1:3]
check = Checks()
MARKER = b'OUTSIDE-FOLDER-MARKER'
# The first float of the positions spells the gzip magic: 0x3f008b1f, about 0.502.
GZIP_LOOKING_X = struct.unpack('<f', b'\x1f\x8b\x00\x3f')[0]


def run(*args, timeout=60):
    """(returncode, stdout, stderr, seconds)."""
    started = time.monotonic()
    p = subprocess.run([POLYXIOS, *args], capture_output=True, timeout=timeout,
                       stdin=subprocess.DEVNULL)
    return (p.returncode, p.stdout.decode('utf-8', 'replace'),
            p.stderr.decode('utf-8', 'replace'), time.monotonic() - started)


def peak_rss_kib(*args):
    """The peak resident memory of polyxios ARGS, measured in a process of its own."""
    code = ('import resource, subprocess, sys\n'
            'subprocess.run(sys.argv[1:], capture_output=True, stdin=subprocess.DEVNULL)\n'
            'print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)')
    p = subprocess.run([sys.executable, '-c', code, POLYXIOS, *args], capture_output=True,
                       text=True, timeout=120)
    return int(p.stdout.strip())


def png(marker):
    """A 1x1 RGBA PNG holding `marker` in a tEXt chunk."""
    def chunk(kind, data):
        return (struct.pack('>I', len(data)) + kind + data +
                struct.pack('>I', zlib.crc32(kind + data) & 0xffffffff))
    return (b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', 1, 1, 8, 6, 0, 0, 0)) +
            chunk(b'tEXt', b'Comment\0' + marker) +
            chunk(b'IDAT', zlib.compress(b'\0\xff\0\0\xff')) + chunk(b'IEND', b''))


def triangle_bin():
    positions = struct.pack('<9f', GZIP_LOOKING_X, 0, 0, 1, 0, 0, 0, 1, 0)
    texcoords = struct.pack('<6f', 0, 0, 1, 0, 0, 1)
    return positions + texcoords


def triangle_gltf(bin_uri, image_uri=None, bin_bytes=60):
    """A glTF of one triangle, its positions and texture coordinates in bin_uri; textured with
    image_uri when given."""
    doc = {
        'asset': {'version': '2.0'},
        'buffers': [{'uri': bin_uri, 'byteLength': bin_bytes}],
        'bufferViews': [{'buffer': 0, 'byteOffset': 0, 'byteLength': 36},
                        {'buffer': 0, 'byteOffset': 36, 'byteLength': 24}],
        'accessors': [{'bufferView': 0, 'componentType': 5126, 'count': 3, 'type': 'VEC3',
                       'min': [0, 0, 0], 'max': [1, 1, 0]},
                      {'bufferView': 1, 'componentType': 5126, 'count': 3, 'type': 'VEC2'}],
        'meshes': [{'primitives': [{'attributes': {'POSITION': 0, 'TEXCOORD_0': 1}}]}],
        'nodes': [{'mesh': 0}],
        'scenes': [{'nodes': [0]}],
        'scene': 0,
    }
    if image_uri is not None:
        doc['images'] = [{'uri': image_uri}]
        doc['textures'] = [{'source': 0}]
        doc['materials'] = [{'pbrMetallicRoughness': {'baseColorTexture': {'index': 0}}}]
        doc['meshes'][0]['primitives'][0]['material'] = 0
    return json.dumps(doc)


def write(path, data):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, 'wb' if isinstance(data, bytes) else 'w') as f:
        f.write(data)
    return path


def read(path):
    with open(path, 'rb') as f:
        return f.read()


def gzip_bomb(inflated_mib):
    """gzip of inflated_mib MiB of zeros, made without holding them."""
    z = zlib.compressobj(9, zlib.DEFLATED, 16 + zlib.MAX_WBITS)
    block = bytes(1 << 20)
    out = b''.join(z.compress(block) for _ in range(inflated_mib))
    return out + z.flush()


with tempfile.TemporaryDirectory() as tmp:
    outside = os.path.join(tmp, 'outside')
    write(os.path.join(outside, 'secret.bin'), triangle_bin())
    write(os.path.join(outside, 'tex.png'), png(MARKER))

    # ---- Defect 2: symlinks leading out of the folder.
    asset = os.path.join(tmp, 'buffer_link')
    write(os.path.join(asset, 'a.gltf'), triangle_gltf('a.bin'))
    os.symlink('/etc/passwd', os.path.join(asset, 'a.bin'))
    out = os.path.join(tmp, 'passwd.glb')
    code, _, err, _ = run('convert', os.path.join(asset, 'a.gltf'), out)
    check('a buffer symlinked to /etc/passwd is refused by gltf.buffer.outside-folder',
          code == 2 and 'gltf.buffer.outside-folder' in err and 'symlink' in err, err)
    check('... and nothing is written', not os.path.exists(out))
    code, listing, err, _ = run('validate', os.path.join(asset, 'a.gltf'))
    check('validate refuses it too', code == 2 and 'gltf.buffer.outside-folder' in listing,
          listing + err)

    asset = os.path.join(tmp, 'buffer_link_out')
    write(os.path.join(asset, 'a.gltf'), triangle_gltf('a.bin'))
    os.symlink(os.path.join(outside, 'secret.bin'), os.path.join(asset, 'a.bin'))
    code, _, err, _ = run('convert', os.path.join(asset, 'a.gltf'), out)
    check('a buffer symlinked out of the folder is refused', code == 2 and
          'gltf.buffer.outside-folder' in err, err)
    code, _, err, _ = run('convert', os.path.join(asset, 'a.gltf'), out, '--allow-external-files')
    check('... and read with --allow-external-files', code == 0, err)

    asset = os.path.join(tmp, 'texture_link')
    write(os.path.join(asset, 'a.bin'), triangle_bin())
    write(os.path.join(asset, 'a.gltf'), triangle_gltf('a.bin', 'tex.png'))
    write(os.path.join(asset, 'a.dae'), textured_triangle_dae('tex.png'))
    os.symlink(os.path.join(outside, 'tex.png'), os.path.join(asset, 'tex.png'))
    for name, code_word in (('a.gltf', 'gltf.read.image-outside-folder'),
                            ('a.dae', 'collada.image.outside-folder')):
        out = os.path.join(tmp, name + '.glb')
        code, _, err, _ = run('convert', os.path.join(asset, name), out)
        check(f'{name}: a texture symlinked out of the folder warns {code_word}',
              code == 0 and code_word in err and 'symlink' in err, err)
        check(f'{name}: ... and its bytes are not in the GLB',
              os.path.exists(out) and MARKER not in read(out))
        code, _, err, _ = run('convert', os.path.join(asset, name), out, '--allow-external-files')
        check(f'{name}: with --allow-external-files the texture is embedded',
              code == 0 and MARKER in read(out), err)

    asset = os.path.join(tmp, 'document_link')
    main = textured_triangle_dae('tex.png').replace(
        '</instance_geometry></node>',
        '</instance_geometry><instance_node url="other.dae#far"/></node>')
    write(os.path.join(asset, 'main.dae'), main)
    write(os.path.join(outside, 'other.dae'),
          '<?xml version="1.0" encoding="utf-8"?>\n'
          '<COLLADA xmlns="http://www.collada.org/2005/11/COLLADASchema" version="1.4.1">\n'
          '<library_nodes><node id="far" name="FarNode"><translate>1 2 3</translate></node>'
          '</library_nodes></COLLADA>\n')
    os.symlink(os.path.join(outside, 'other.dae'), os.path.join(asset, 'other.dae'))
    out = os.path.join(tmp, 'document.glb')
    code, _, err, _ = run('convert', os.path.join(asset, 'main.dae'), out)
    check('an other.dae symlinked out of the folder is not followed (collada.url.external)',
          code == 0 and 'collada.url.external' in err and 'symlink' in err, err)
    check('... and nothing of it is in the GLB', code == 0 and b'FarNode' not in read(out))
    code, _, err, _ = run('convert', os.path.join(asset, 'main.dae'), out,
                          '--allow-external-files')
    check('... and followed with --allow-external-files', code == 0 and b'FarNode' in read(out),
          err)

    src = os.path.join(tmp, 'src')
    write(os.path.join(src, 'inside.dae'), read(SAMPLE))
    write(os.path.join(outside, 'far.dae'), read(SAMPLE))
    os.symlink(os.path.join(outside, 'far.dae'), os.path.join(src, 'far.dae'))
    os.symlink('inside.dae', os.path.join(src, 'alias.dae'))
    code, listing, err, _ = run('validate', src)
    names = [line.split()[1] for line in listing.splitlines() if line.startswith(('ok', 'warn'))]
    check('validate takes a symlink leading inside SRC, not one leading out of it',
          code == 0 and sorted(os.path.basename(n) for n in names) == ['alias.dae', 'inside.dae'],
          listing + err)
    check('... and says so in one line on stderr', err.count(
        'polyxios: validate: 1 symlink leading outside their folder left out '
        '(--allow-external-files takes it)\n') == 1, err)
    code, listing, err, _ = run('validate', src, '--allow-external-files')
    check('... and takes it with --allow-external-files', code == 0 and 'far.dae' in listing
          and 'left out' not in err, listing + err)
    os.symlink(os.path.join(outside, 'far.dae'), os.path.join(src, 'far2.dae'))
    for allow in ([], ['--allow-external-files']):
        converted = os.path.join(tmp, 'converted' + str(len(allow)))
        report = os.path.join(tmp, f'report{len(allow)}.jsonl')
        code, summary, err, _ = run('batch', src, converted, '--quiet', '-j', '1', '--report',
                                    report, *allow)
        inputs = sorted(json.loads(line)['input'] for line in open(report))
        expected = ['alias.dae', 'inside.dae'] + (['far.dae', 'far2.dae'] if allow else [])
        check(f'batch {" ".join(allow)} takes {expected}',
              code == 0 and inputs == sorted(expected), f'{inputs} {err}')
        said = ('polyxios: batch: 2 symlinks leading outside SRC left out '
                '(--allow-external-files takes them)\n')
        check(f'batch {" ".join(allow)} says on stderr (--quiet as it is) and in its summary '
              f'how many symlinks it left out: {0 if allow else 2}',
              err.count(said) == (0 if allow else 1) and
              ('; 2 symlinks leading outside SRC left out' in summary) == (not allow),
              summary + err)

    # ---- Defect 3: FIFOs, devices, inputs past the limit.
    asset = os.path.join(tmp, 'fifo')
    write(os.path.join(asset, 'a.gltf'), triangle_gltf('a.bin'))
    os.mkfifo(os.path.join(asset, 'a.bin'))
    code, _, err, seconds = run('convert', os.path.join(asset, 'a.gltf'),
                                os.path.join(tmp, 'fifo.glb'), timeout=30)
    check('a FIFO as a buffer is refused promptly (gltf.buffer.not-regular)',
          code == 2 and 'gltf.buffer.not-regular' in err and seconds < 10, f'{seconds} s: {err}')
    code, listing, err, seconds = run('validate', os.path.join(asset, 'a.gltf'), timeout=30)
    check('validate refuses it promptly too', code == 2 and 'gltf.buffer.not-regular' in listing
          and seconds < 10, listing + err)
    code, _, err, seconds = run('convert', os.path.join(asset, 'a.bin'),
                                os.path.join(tmp, 'input.glb'), timeout=30)
    check('a FIFO as the input is refused promptly (input.not-regular)',
          code == 2 and 'input.not-regular' in err and seconds < 10, err)

    asset = os.path.join(tmp, 'zero')
    write(os.path.join(asset, 'a.gltf'), triangle_gltf('a.bin'))
    os.symlink('/dev/zero', os.path.join(asset, 'a.bin'))
    for allow, rule in (([], 'gltf.buffer.outside-folder'),
                        (['--allow-external-files'], 'gltf.buffer.not-regular')):
        code, _, err, seconds = run('convert', os.path.join(asset, 'a.gltf'),
                                    os.path.join(tmp, 'zero.glb'), '--max-input', '16', *allow,
                                    timeout=30)
        check(f'a buffer symlinked to /dev/zero {" ".join(allow)} is refused by {rule}, unread',
              code == 2 and rule in err and seconds < 10, f'{seconds} s: {err}')

    asset = os.path.join(tmp, 'large')
    write(os.path.join(asset, 'a.gltf'), triangle_gltf('a.bin'))
    with open(os.path.join(asset, 'a.bin'), 'wb') as f:
        f.write(triangle_bin())
        f.truncate(17 << 20)
    code, _, err, _ = run('convert', os.path.join(asset, 'a.gltf'), os.path.join(tmp, 'l.glb'),
                          '--max-input', '16')
    check('a buffer file past --max-input is refused (limits.input-bytes)',
          code == 2 and 'limits.input-bytes' in err, err)

    # ---- Defects 4 and 5: glTF buffers, images and documents are raw bytes.
    asset = os.path.join(tmp, 'magic')
    write(os.path.join(asset, 'a.bin'), triangle_bin())
    write(os.path.join(asset, 'a.gltf'), triangle_gltf('a.bin'))
    check('the .bin starts with the gzip magic', read(os.path.join(asset, 'a.bin'))[:2] ==
          b'\x1f\x8b')
    out = os.path.join(tmp, 'magic.glb')
    code, _, err, _ = run('convert', os.path.join(asset, 'a.gltf'), out)
    check('a .bin whose first float starts with the gzip magic converts', code == 0, err)
    if code == 0:
        check('... its bytes kept', triangle_bin()[:36] in read(out))

    bomb = gzip_bomb(256)
    asset = os.path.join(tmp, 'bombs')
    write(os.path.join(asset, 'bin.gltf'), triangle_gltf('bomb.bin'))
    write(os.path.join(asset, 'bomb.bin'), bomb)
    write(os.path.join(asset, 'doc.gltf'), gzip.compress(triangle_gltf('a.bin').encode()))
    write(os.path.join(asset, 'big.gltf'), bomb)
    write(os.path.join(asset, 'a.bin'), triangle_bin())
    write(os.path.join(asset, 'tex.gltf'), triangle_gltf('a.bin', 'bomb.png'))
    write(os.path.join(asset, 'bomb.png'), bomb)
    for name, rule in (('bin.gltf', None), ('doc.gltf', 'gltf.json.syntax'),
                       ('big.gltf', 'gltf.json.syntax'), ('tex.gltf', None)):
        args = ['convert', os.path.join(asset, name), os.path.join(tmp, name + '.glb'),
                '--max-input', '16', '--max-memory', '64']
        code, _, err, _ = run(*args)
        check(f'gzip bytes in {name} are read as they are, never inflated',
              (code == 0 if rule is None else code == 2 and rule in err) and
              'gzip' not in err, err)
        rss = peak_rss_kib(*args)
        check(f'{name}: nothing inflated (peak {rss} KiB)', rss < 120 * 1024)

    # ---- validate --timeout: assets in worker processes, one running too long stopped.
    lib = os.path.join(tmp, 'lib')
    write(os.path.join(lib, 'a.dae'), read(SAMPLE))
    write(os.path.join(lib, 'b.gltf'), triangle_gltf('b.bin'))
    write(os.path.join(lib, 'b.bin'), triangle_bin())
    code, listing, err, _ = run('validate', lib, '--timeout', '60', '-j', '2')
    plain = run('validate', lib, '-j', '2')[1]
    check('validate --timeout prints what validate prints without it',
          code == 0 and listing.splitlines()[:2] == plain.splitlines()[:2], listing + err)
    big = os.path.join(tmp, 'big', 'big.dae')
    floats = ' '.join(f'{i % 1000}.25' for i in range(3 * 400000))
    write(big, textured_triangle_dae('t.png').replace(
        '<float_array id="pa" count="9">0 0 0 1 0 0 0 1 0</float_array>',
        f'<float_array id="pa" count="{3 * 400000}">{floats}</float_array>').replace(
        '<accessor source="#pa" count="3"', '<accessor source="#pa" count="400000"'))
    code, listing, err, seconds = run('validate', big, os.path.join(lib, 'a.dae'), '--timeout',
                                      '0.001', timeout=60)
    check('an asset past validate --timeout is reported failed (validate.timeout), exit 3',
          code == 3 and listing.startswith('failed') and 'validate.timeout' in listing and
          seconds < 30, listing + err)
    code, listing, err, _ = run('validate', big, '--timeout', '0.001', '--json')
    report = json.loads(listing.splitlines()[0]) if listing else {}
    check('... and in its JSON report', code == 3 and report.get('issues', {}).get(
        'messages', [{}])[0].get('code') == 'validate.timeout', listing + err)
    code, _, err, _ = run('validate', lib, '--timeout', '0')
    check('validate --timeout 0 is a usage error', code == 1, err)

sys.exit(check.summary())
