// proxy-sdk-client.mjs — the official TypeScript SDK client, for test-e2e-cli.py.
//
// Usage: node proxy-sdk-client.mjs NODE_MODULES TOOL ARGUMENTS-JSON -- COMMAND [ARG...]
//
// Starts COMMAND (here: `elicit proxy -- <server>`) through StdioClientTransport,
// declaring no capabilities of its own (so elicitation works only because the
// proxy adds it), lists the server's tools, calls TOOL, and prints one JSON line:
// {"tools": [names...], "result": <the CallToolResult>}. Exits 1 with the error
// on stderr if anything fails.

import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";

const argv = process.argv.slice(2);
const dashes = argv.indexOf("--");
if (dashes !== 3 || argv.length < 5) {
  console.error("usage: node proxy-sdk-client.mjs NODE_MODULES TOOL ARGUMENTS-JSON -- COMMAND [ARG...]");
  process.exit(2);
}
const [nodeModules, tool, argumentsJson] = argv;
const [command, ...args] = argv.slice(4);

// Resolve the SDK from the pinned tests/node install, wherever this script lives.
const require = createRequire(path.join(path.resolve(nodeModules), "noop.js"));
const load = (id) => import(pathToFileURL(require.resolve(id)).href);
const { Client } = await load("@modelcontextprotocol/sdk/client/index.js");
const { StdioClientTransport } = await load("@modelcontextprotocol/sdk/client/stdio.js");

const client = new Client({ name: "elicit-e2e-sdk-client", version: "1.0.0" }, { capabilities: {} });
// The SDK passes only a few variables on by default; the proxy needs the
// display and the session bus.
const transport = new StdioClientTransport({ command, args, env: process.env, stderr: "inherit" });

try {
  await client.connect(transport);
  const { tools } = await client.listTools();
  const result = await client.callTool({ name: tool, arguments: JSON.parse(argumentsJson) }, undefined,
                                       { timeout: 300_000 });
  console.log(JSON.stringify({ tools: tools.map((t) => t.name), result }));
  await client.close();
} catch (error) {
  console.error(`proxy-sdk-client: ${error}`);
  process.exit(1);
}
