/**
 * A newcomer's `npm install` on the Node the README names prints no warning
 * to wonder about: every package in the lock file supports that Node, and
 * every package with an install script is either allowed or denied in
 * package.json's allowScripts (npm 11 warns about any it has not been told of).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');
const readJson = (file) => JSON.parse(readFileSync(join(ROOT, file), 'utf8'));
const pkg = readJson('package.json');
const lock = readJson('package-lock.json');
const installed = Object.entries(lock.packages).filter(([path]) => path.includes('node_modules/'));

describe('npm install on a fresh machine', () => {
  it('the README names the oldest Node that package.json allows', () => {
    const oldest = semver.minVersion(pkg.engines.node).version;
    const [major, minor] = oldest.split('.');
    expect(readFileSync(join(ROOT, 'README.md'), 'utf8')).toContain(`Node.js ${major}.${minor} or newer`);
  });

  it("every locked package supports that Node (no EBADENGINE warning)", () => {
    const oldest = semver.minVersion(pkg.engines.node).version;
    const unsupported = installed
      .filter(([, entry]) => entry.engines?.node && !semver.satisfies(oldest, entry.engines.node))
      .map(([path, entry]) => `${path.split('node_modules/').pop()}@${entry.version} needs Node ${entry.engines.node}`);
    expect(unsupported).toEqual([]);
  });

  it('every package with an install script is allowed or denied in allowScripts', () => {
    const decided = Object.keys(pkg.allowScripts ?? {}).map((entry) => entry.replace(/(.)@.*$/, '$1'));
    const undecided = installed
      .filter(([, entry]) => entry.hasInstallScript)
      .map(([path]) => path.split('node_modules/').pop())
      .filter((name) => !decided.includes(name));
    expect(undecided).toEqual([]);
  });
});
