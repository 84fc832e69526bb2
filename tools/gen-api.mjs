// Regenerate the API client's types from the contract: api/openapi.yaml -> libs/shared/api-client/src/generated/schema.ts
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const spec = resolve(root, 'api/openapi.yaml');
const out = resolve(root, 'libs/shared/api-client/src/generated/schema.ts');
if (!existsSync(spec)) {
  console.error(`No contract at ${spec}; nothing to generate.`);
  process.exit(1);
}
mkdirSync(dirname(out), { recursive: true });
execFileSync(resolve(root, 'node_modules/.bin/openapi-typescript'), [spec, '-o', out, '--root-types', '--alphabetize'], {
  stdio: 'inherit',
  cwd: root,
});
