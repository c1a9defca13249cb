/**
 * A second copy of the repository's source beside the checkout, for the
 * delivery tests: the source of an earlier commit (the previous release, for
 * the version-skew tests) or of the working tree (for the release test, which
 * changes a remote and releases it). Both share the checkout's installed
 * packages through a folder of links, so nothing is installed twice; the
 * workspace packages (shared, shell, the remotes) resolve to the copy's own.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, lstatSync, mkdirSync, readdirSync, readlinkSync, rmSync, symlinkSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { ROOT } from './lib.mjs';

const git = (args, options = {}) => execFileSync('git', args, { cwd: ROOT, maxBuffer: 1 << 30, ...options });

/** Links `dest/node_modules` to the checkout's packages, and its workspace links to the copy's folders. */
function linkNodeModules(dest) {
  const from = join(ROOT, 'node_modules');
  const to = join(dest, 'node_modules');
  mkdirSync(to, { recursive: true });
  const link = (name) => {
    const source = join(from, name);
    if (lstatSync(source).isSymbolicLink()) {
      const target = resolve(dirname(source), readlinkSync(source));
      // A workspace package (../shared, ../mf-search): point at the copy's own folder.
      if (!relative(ROOT, target).startsWith('node_modules') && !relative(ROOT, target).startsWith('..')) {
        symlinkSync(join(dest, relative(ROOT, target)), join(to, name));
        return;
      }
    }
    symlinkSync(source, join(to, name));
  };
  for (const name of readdirSync(from)) {
    if (name.startsWith('@') && lstatSync(join(from, name)).isDirectory()) {
      mkdirSync(join(to, name), { recursive: true });
      for (const sub of readdirSync(join(from, name))) link(join(name, sub));
    } else {
      link(name);
    }
  }
}

/** Writes the source of `commit` to `dest` (emptied first), ready to build. */
export function exportCommit(commit, dest) {
  try {
    git(['cat-file', '-e', `${commit}^{commit}`], { stdio: 'ignore' });
  } catch (err) {
    throw new Error(`commit ${commit} is not in this clone (a shallow clone? fetch the history: git fetch --unshallow)`, { cause: err });
  }
  rmSync(dest, { recursive: true, force: true });
  mkdirSync(dest, { recursive: true });
  execFileSync('tar', ['-x', '-C', dest], { input: git(['archive', '--format=tar', commit]) });
  linkNodeModules(dest);
  return dest;
}

/** Copies the working tree's files (tracked and new, not ignored ones) to `dest` (emptied first). */
export function copyWorkingTree(dest) {
  rmSync(dest, { recursive: true, force: true });
  mkdirSync(dest, { recursive: true });
  const files = git(['ls-files', '-z', '--cached', '--others', '--exclude-standard']).toString().split('\0').filter(Boolean);
  for (const file of files) {
    try {
      cpSync(join(ROOT, file), join(dest, file));
    } catch (err) {
      if (err.code !== 'ENOENT') throw err; // deleted but not yet committed
    }
  }
  linkNodeModules(dest);
  return dest;
}

// node scripts/source-tree.mjs copy <dest> | export <commit> <dest>
if (import.meta.url === `file://${process.argv[1]}`) {
  const [command, a, b] = process.argv.slice(2);
  if (command === 'copy' && a) copyWorkingTree(resolve(a));
  else if (command === 'export' && a && b) exportCommit(a, resolve(b));
  else {
    console.error('Usage: node scripts/source-tree.mjs copy <dest> | export <commit> <dest>');
    process.exit(2);
  }
}
