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
