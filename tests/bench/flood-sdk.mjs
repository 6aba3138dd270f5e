// flood-sdk.mjs — the official TypeScript SDK client's side of the flood benchmark.
//
// Usage: node flood-sdk.mjs NODE_MODULES SERVER COUNT
//
// Spawns SERVER --flood COUNT through StdioClientTransport, connects (initialize, then
// notifications/initialized), and counts notifications/message until COUNT have arrived.
// The clock starts when connect() resolves, i.e. once notifications/initialized is sent,
// which is when the server starts writing; bench-flood.c measures ElicitSession the same
// way. Prints one JSON line: {"received": N, "seconds": S, "rate": N/S, "cpuSeconds": C},
// C being this process's user+system CPU time over the same interval.

import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [nodeModules, server, countText] = process.argv.slice(2);
const count = Number.parseInt(countText ?? "", 10);
if (!nodeModules || !server || !(count > 0)) {
  console.error("usage: node flood-sdk.mjs NODE_MODULES SERVER COUNT");
  process.exit(2);
}

// Resolve the SDK from the pinned tests/node install, wherever this script lives.
const require = createRequire(path.join(path.resolve(nodeModules), "noop.js"));
const load = (id) => import(pathToFileURL(require.resolve(id)).href);
const { Client } = await load("@modelcontextprotocol/sdk/client/index.js");
const { StdioClientTransport } = await load("@modelcontextprotocol/sdk/client/stdio.js");
const { LoggingMessageNotificationSchema } = await load("@modelcontextprotocol/sdk/types.js");

const client = new Client({ name: "elicit-flood-bench", version: "1.0.0" }, { capabilities: {} });
let received = 0;
let finish;
const done = new Promise((resolve) => { finish = resolve; });

client.setNotificationHandler(LoggingMessageNotificationSchema, () => {
  received++;
  if (received === count)
    finish(performance.now());
});

const timeout = setTimeout(() => {
  console.error(`flood-sdk: only ${received} of ${count} messages after 300 s`);
  process.exit(1);
}, 300_000);

const transport = new StdioClientTransport({
  command: server,
  args: ["--flood", String(count)],
  stderr: "ignore",
});
await client.connect(transport);
const start = performance.now();
const cpuStart = process.cpuUsage();
const end = await done;
const cpu = process.cpuUsage(cpuStart);
clearTimeout(timeout);

const seconds = (end - start) / 1000;
const cpuSeconds = (cpu.user + cpu.system) / 1e6;
console.log(JSON.stringify({ received, seconds, rate: received / seconds, cpuSeconds }));
await client.close();
