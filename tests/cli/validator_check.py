"""The Khronos validator over a test's glTF outputs, for the CLI tests that check them clean."""
import json
import os
import subprocess


def check_validator_clean(node, validate, files, check):
    """Runs validate.mjs (one node process) over files and calls check(name, ok, detail) for the
    run and for each file having no validator error. Without node or the validator's node_modules
    it checks nothing and says so."""
    modules = os.path.join(os.path.dirname(validate), 'node_modules')
    if not node or not os.path.isdir(modules):
        print('validator skipped: no node or node_modules')
        return
    p = subprocess.run([node, validate, '--json', *files], capture_output=True, text=True,
                       timeout=600)
    check('validate.mjs runs', p.returncode == 0, p.stderr)
    for line in p.stdout.splitlines():
        entry = json.loads(line)
        check(f"{os.path.basename(entry['file'])} is validator-clean", entry['errors'] == 0,
              str(entry['messages']))
