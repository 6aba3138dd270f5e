// The peer for bench-schema: what the official TypeScript SDK client does with
// the same elicitation/create request: parse the line, check it against the
// SDK's request schema (zod), compile the requestedSchema with Ajv, validate
// the user's answer. Usage: node bench-schema-sdk.mjs DIR CASE...
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(join(here, '..', 'node', 'package.json'));
const types = require('@modelcontextprotocol/sdk/types.js');
const Ajv = require('ajv');

const [dir, ...cases] = process.argv.slice(2);
for (const name of cases) {
  const request = readFileSync(join(dir, `${name}.request.json`), 'utf8');
  const content = readFileSync(join(dir, `${name}.content.json`), 'utf8');
  const once = () => {
    const message = types.ElicitRequestSchema.parse(JSON.parse(request));
    const validate = new Ajv({ strict: false }).compile(message.params.requestedSchema);
    if (!validate(JSON.parse(content))) throw new Error(JSON.stringify(validate.errors));
  };
  once();
  let runs = 0;
  const start = process.hrtime.bigint();
  let elapsed = 0n;
  do {
    once();
    runs++;
    elapsed = process.hrtime.bigint() - start;
  } while (elapsed < 1_000_000_000n && runs < 1000);
  console.log(`${name} ${(Number(elapsed) / 1e6 / runs).toFixed(3)} ms`);
}
