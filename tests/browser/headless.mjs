// Headless Chromium for the browser checks: finds the binary, opens one URL in a throw-away
// profile, and stops the browser and every process it started on every exit path.
//
//   const chromium = findChromium();            // $PX_CHROMIUM, else chromium on PATH, else null
//   const browser = new Headless(chromium, tmpDir);
//   browser.open(url, onExit);                  // onExit(message) when it dies or cannot start
//   await browser.stop();                       // SIGTERM, then SIGKILL to its process group
//   browser.stderr(20)                          // its last lines, without the D-Bus noise

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export function findChromium() {
  if (process.env.PX_CHROMIUM) return process.env.PX_CHROMIUM;
  for (const dir of (process.env.PATH || '').split(path.delimiter)) {
    for (const name of ['chromium', 'chromium-browser']) {
      const p = path.join(dir || '.', name);
      try {
        fs.accessSync(p, fs.constants.X_OK);
        return p;
      } catch {
        /* next */
      }
    }
  }
  return null;
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms).unref());

export class Headless {
  constructor(binary, tmpDir) {
    this.binary = binary;
    this.tmpDir = tmpDir;
    this.child = null;
    this.stderrText = '';
  }

  open(url, onExit) {
    const profile = path.join(this.tmpDir, 'profile');
    fs.mkdirSync(profile, { recursive: true });
    const args = [
      '--headless=new',
      '--no-sandbox', // containers (and root) have no user namespaces for Chromium's sandbox
      '--disable-gpu',
      '--disable-dev-shm-usage', // a container's small /dev/shm
      `--user-data-dir=${profile}`,
      '--no-first-run',
      '--no-default-browser-check',
      '--disable-extensions',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--mute-audio',
      url,
    ];
    this.child = spawn(this.binary, args, {
      detached: true, // its own process group, killed as a whole
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, HOME: this.tmpDir }, // nothing written to the real home
    });
    this.child.stderr.on('data', (d) => {
      this.stderrText = (this.stderrText + d.toString('utf8')).slice(-20000);
    });
    this.child.on('error', (e) => onExit(`cannot start ${this.binary}: ${e.message}`));
    this.child.on('exit', (code, sig) => onExit(`chromium exited (${sig || code}) before the page reported`));
  }

  running() {
    const c = this.child;
    return c !== null && c.exitCode === null && c.signalCode === null;
  }

  // At once, for process exit: SIGKILL to the whole group (browser, zygote, renderers, gpu).
  kill() {
    if (!this.child) return;
    try {
      process.kill(-this.child.pid, 'SIGKILL');
    } catch {
      /* already gone */
    }
  }

  // SIGTERM to the main process first, so that it reaps its own children (killed at once they
  // would linger as zombies under a container's init), then SIGKILL to the group for what is left.
  async stop() {
    const c = this.child;
    if (!c) return;
    const exited = this.running() ? new Promise((r) => c.once('exit', r)) : Promise.resolve();
    if (this.running()) {
      try {
        process.kill(c.pid, 'SIGTERM');
      } catch {
        /* gone */
      }
      await Promise.race([exited, sleep(3000)]);
    }
    this.kill();
    await Promise.race([exited, sleep(3000)]);
  }

  stderr(lines) {
    return this.stderrText
      .split('\n')
      .filter((l) => l.trim() !== '' && !/dbus|D-Bus/.test(l))
      .slice(-lines)
      .join('\n');
  }
}
