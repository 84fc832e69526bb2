import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

function libraries(): { dir: string; group: string; tags: string[] }[] {
  const out = [];
  for (const group of readdirSync(join(root, 'libs'))) {
    for (const name of readdirSync(join(root, 'libs', group))) {
      const project = JSON.parse(readFileSync(join(root, 'libs', group, name, 'project.json'), 'utf8')) as { tags?: string[] };
      out.push({ dir: `libs/${group}/${name}`, group, tags: project.tags ?? [] });
    }
  }
  return out;
}

const eslintConfig = readFileSync(join(root, 'eslint.config.js'), 'utf8');
const constrained = new Set([...eslintConfig.matchAll(/sourceTag: '(scope:[\w-]+)'/g)].map((m) => m[1]));

describe('library tags', () => {
  it('give every library one layer and one domain', () => {
    for (const lib of libraries()) {
      expect(lib.tags.filter((t) => t.startsWith('type:')), lib.dir).toHaveLength(1);
      expect(lib.tags.filter((t) => t.startsWith('scope:')), lib.dir).toHaveLength(1);
    }
  });

  it('keep shared libraries in scope:shared and give each feature a domain bounded in eslint.config.js', () => {
    for (const lib of libraries()) {
      const scope = lib.tags.find((t) => t.startsWith('scope:'))!;
      if (lib.group === 'shared') {
        expect(scope, lib.dir).toBe('scope:shared');
        continue;
      }
      expect(scope, lib.dir).not.toBe('scope:shared');
      expect(constrained.has(scope), `${scope} (${lib.dir}) has no depConstraint in eslint.config.js`).toBe(true);
    }
    expect(constrained.has('scope:shared')).toBe(true);
  });
});

function sources(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'dist') out.push(...sources(path));
    } else if (/\.tsx?$/.test(entry.name)) out.push(path);
  }
  return out;
}

describe('workspace packages', () => {
  it('list in package.json exactly the @sojourn packages their sources and tests import', () => {
    const projects = [
      ...readdirSync(join(root, 'apps'))
        .filter((a) => a !== 'e2e' && a !== 'README.md')
        .map((a) => `apps/${a}`),
      ...libraries().map((l) => l.dir),
    ];
    for (const dir of projects) {
      const pkg = JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8')) as { name: string; dependencies?: Record<string, string> };
      const imported = new Set<string>();
      for (const file of sources(join(root, dir, 'src'))) {
        for (const m of readFileSync(file, 'utf8').matchAll(/from '(@sojourn\/[\w-]+)|import\('(@sojourn\/[\w-]+)/g)) imported.add((m[1] ?? m[2])!);
      }
      imported.delete(pkg.name);
      const listed = Object.keys(pkg.dependencies ?? {}).filter((d) => d.startsWith('@sojourn/'));
      expect(listed.sort(), dir).toEqual([...imported].sort());
    }
  });
});
