// Client assertions signed by Elicit (auth-jwt-sign), verified by jose, the
// JOSE library the official MCP SDK and conformance suite use: an independent
// check of the base64url, the JSON and the ES256 R||S signature encoding.
//
//   node auth-jwt-jose.mjs AUTH-JWT-SIGN FIXTURES-DIR
//
// jose comes from tests/node/node_modules ($ELICIT_NODE_MODULES), where the
// pinned MCP SDK brings it; without it the test skips, saying so.
import { execFileSync } from 'node:child_process';
import { createPublicKey } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const [signer, fixtures] = process.argv.slice(2);
const modules = process.env.ELICIT_NODE_MODULES ?? '';
const josePath = join(modules, 'jose', 'dist', 'webapi', 'index.js');

if (!modules || !existsSync(josePath)) {
  console.log(`1..0 # SKIP jose is missing from ${modules || '$ELICIT_NODE_MODULES'}: ` +
              'run npm ci --prefix tests/node');
  process.exit(0);
}
const jose = await import(pathToFileURL(josePath).href);

const clientId = 'elicit-jose-check';
const audience = 'https://auth.example.test/token';
// ES256 signed many times: some R or S then starts with a zero byte or has
// its high bit set, which a wrong DER-to-JOSE conversion would break.
const cases = [
  ['test-only-p256-pkcs8.pem', 'ES256', 48],
  ['test-only-p256-sec1.pem', 'ES256', 48],
  ['test-only-rsa2048-pkcs1.pem', 'RS256', 2],
  ['test-only-rsa2048-pkcs8.pem', 'RS256', 2],
];

console.log(`1..${cases.length + 1}`);
let n = 0;
let failed = false;

async function check(file, alg, count) {
  const pem = readFileSync(join(fixtures, file), 'utf8');
  const key = createPublicKey(pem);
  const tokens = execFileSync(signer, [join(fixtures, file), clientId, audience, String(count)],
                              { encoding: 'utf8' }).trim().split('\n');
  if (tokens.length !== count)
    throw new Error(`expected ${count} tokens, got ${tokens.length}`);
  const jtis = new Set();
  for (const token of tokens) {
    const { payload, protectedHeader } = await jose.jwtVerify(token, key, {
      algorithms: [alg],
      issuer: clientId,
      subject: clientId,
      audience,
      typ: 'JWT',
      maxTokenAge: '5m',
      requiredClaims: ['iat', 'exp', 'jti'],
    });
    if (JSON.stringify(protectedHeader) !== JSON.stringify({ alg, typ: 'JWT' }))
      throw new Error(`header ${JSON.stringify(protectedHeader)}`);
    if (payload.exp - payload.iat !== 300)
      throw new Error(`exp - iat = ${payload.exp - payload.iat}`);
    if (!/^[A-Za-z0-9_-]{22}$/.test(payload.jti) || jtis.has(payload.jti))
      throw new Error(`jti ${payload.jti}`);
    jtis.add(payload.jti);
  }
}

for (const [file, alg, count] of cases) {
  n++;
  try {
    await check(file, alg, count);
    console.log(`ok ${n} - jose verifies ${count} ${alg} assertion(s) from ${file}`);
  } catch (e) {
    failed = true;
    console.log(`not ok ${n} - jose verifies ${alg} assertions from ${file}`);
    console.log(`# ${String(e).split('\n').join('\n# ')}`);
  }
}

// The verification is not vacuous: a claim changed after signing fails it.
n++;
try {
  const file = join(fixtures, 'test-only-p256-pkcs8.pem');
  const key = createPublicKey(readFileSync(file, 'utf8'));
  const token = execFileSync(signer, [file, clientId, audience], { encoding: 'utf8' }).trim();
  const [h, p, s] = token.split('.');
  const claims = JSON.parse(Buffer.from(p, 'base64url').toString());
  claims.sub = 'someone-else';
  const forged = [h, Buffer.from(JSON.stringify(claims)).toString('base64url'), s].join('.');
  let rejected = false;
  try {
    await jose.jwtVerify(forged, key, { algorithms: ['ES256'] });
  } catch (e) {
    rejected = e.code === 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED';
  }
  if (!rejected)
    throw new Error('a forged assertion verified');
  console.log(`ok ${n} - jose rejects an assertion whose claims changed after signing`);
} catch (e) {
  failed = true;
  console.log(`not ok ${n} - jose rejects a forged assertion`);
  console.log(`# ${e}`);
}

process.exit(failed ? 1 : 0);
