// v2-proxy-client.mjs — the official TypeScript SDK v2 client (@modelcontextprotocol/client
// 2.4.0, pinned in tests/node) pinned to protocol revision 2026-07-28, for test-e2e-2026.py.
//
// Usage: node v2-proxy-client.mjs NODE_MODULES TOOL -- COMMAND [ARG...]
//
// Starts COMMAND (here: `elicit proxy -- <2026 server>`) over stdio, declaring no
// capabilities (so any input the server asks for must be answered by the proxy), calls
// TOOL, and prints one JSON line: {"protocolVersion": …, "result": <the CallToolResult>}.
// Exits 1 with the error on stderr if anything fails.

import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";

const argv = process.argv.slice(2);
if (argv.indexOf("--") !== 2 || argv.length < 4) {
  console.error("usage: node v2-proxy-client.mjs NODE_MODULES TOOL -- COMMAND [ARG...]");
  process.exit(2);
}
const [nodeModules, tool] = argv;
const [command, ...args] = argv.slice(3);

const require = createRequire(path.join(path.resolve(nodeModules), "noop.js"));
const load = (id) => import(pathToFileURL(require.resolve(id)).href);
const { Client } = await load("@modelcontextprotocol/client");
const { StdioClientTransport } = await load("@modelcontextprotocol/client/stdio");

const client = new Client({ name: "elicit-e2e-v2-client", version: "1.0.0" },
                          { capabilities: {}, versionNegotiation: { mode: { pin: "2026-07-28" } } });
const transport = new StdioClientTransport({ command, args, env: process.env, stderr: "inherit" });

try {
  await client.connect(transport);
  const result = await client.callTool({ name: tool, arguments: {} }, { timeout: 300_000 });
  console.log(JSON.stringify({ protocolVersion: client.getNegotiatedProtocolVersion?.(), result }));
  await client.close();
} catch (error) {
  console.error(`v2-proxy-client: ${error?.stack ?? error}`);
  await client.close().catch(() => {});
  process.exit(1);
}
