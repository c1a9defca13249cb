/**
 * Every module's stylesheets speak the design tokens (shared/src/ui/tokens.css): a custom property a
 * stylesheet reads exists, type sizes and weights come from the scale, and no var() carries a
 * fallback (a fallback hides a token that does not exist and keeps a colour or size of its own).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');
const MODULES = ['shared', 'shell', 'mf-search', 'mf-listings', 'mf-messaging', 'mf-profile', 'mf-content', 'mf-moderation'];

function filesUnder(dir, test) {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}
const sources = MODULES.flatMap((module) => filesUnder(join(ROOT, module, 'src'), () => true));
const stylesheets = sources.filter((file) => file.endsWith('.css'));
const read = (file) => readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');

/** Custom properties declared in any stylesheet (tokens.css among them) or set from a component's style. */
const declared = new Set([
  ...stylesheets.flatMap((file) => [...read(file).matchAll(/(--[\w-]+)\s*:/g)].map((m) => m[1])),
  ...sources.filter((file) => /\.tsx?$/.test(file)).flatMap((file) => [...read(file).matchAll(/'(--[\w-]+)'/g)].map((m) => m[1])),
]);

const tokens = new Set([...read(join(ROOT, 'shared/src/ui/tokens.css')).matchAll(/(--[\w-]+)\s*:/g)].map((m) => m[1]));

/** `file:line  text` of each line of each stylesheet that matches. */
function offending(pattern, keep = () => true) {
  return stylesheets.flatMap((file) =>
    read(file)
      .split('\n')
      .map((line, i) => ({ line, where: `${relative(ROOT, file)}:${i + 1}` }))
      .filter(({ line }) => pattern.test(line) && keep(line))
      .map(({ line, where }) => `${where}  ${line.trim()}`),
  );
}

describe('design tokens in every module', () => {
  it('finds the stylesheets', () => {
    expect(stylesheets.length).toBeGreaterThan(30);
    expect(tokens.has('--color-primary')).toBe(true);
  });

  it('every custom property read is declared somewhere', () => {
    const unknown = offending(/var\(--/, (line) => [...line.matchAll(/var\((--[\w-]+)/g)].some((m) => !declared.has(m[1])));
    expect(unknown).toEqual([]);
  });

  it('no design token is read with a fallback value', () => {
    expect(offending(/var\(--[\w-]+\s*,/, (line) => [...line.matchAll(/var\((--[\w-]+)\s*,/g)].some((m) => tokens.has(m[1])))).toEqual([]);
  });

  it('font sizes and weights come from the type scale', () => {
    expect(offending(/font-size:\s*[\d.]+(rem|px)\b/)).toEqual([]);
    expect(offending(/font-weight:\s*\d/)).toEqual([]);
  });
});
