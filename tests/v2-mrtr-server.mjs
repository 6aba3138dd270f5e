// v2-mrtr-server.mjs — a real 2026-07-28 server built on the official TypeScript SDK v2
// (@modelcontextprotocol/server 2.4.0, pinned in tests/node), for test-e2e-2026.py.
//
// Usage: node v2-mrtr-server.mjs NODE_MODULES http    (prints "LISTENING <url>" on stdout)
//        node v2-mrtr-server.mjs NODE_MODULES stdio   (2025 support turned off)
//
// Over HTTP it serves through createMcpHandler, the SDK's recommended entry (2025
// clients are served statelessly next to it); over stdio through serveStdio with
// legacy: 'reject', so a client must speak 2026-07-28. Its tools ask through
// multi-round-trip input (InputRequiredResult) only:
//
//   confirm_form    one form request, "confirm"
//   two_at_once     two form requests in one round, "name" and "color"
//   two_rounds      "project", then in a second round that carries an HMAC-signed
//                   requestState, "details"
//   url_login       one URL-mode request, "login" (no elicitationId in this revision)
//
// Each tool answers with one text item per request, "<key>: <the response as JSON>",
// exactly as the client sent it, so a test can compare it with what the user gave.

import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { createServer } from "node:http";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [nodeModules, mode] = process.argv.slice(2);
if (!nodeModules || (mode !== "http" && mode !== "stdio")) {
  console.error("usage: node v2-mrtr-server.mjs NODE_MODULES http|stdio");
  process.exit(2);
}

const require = createRequire(path.join(path.resolve(nodeModules), "noop.js"));
const load = (id) => import(pathToFileURL(require.resolve(id)).href);
const { McpServer, createMcpHandler, inputRequired, inputResponse } = await load("@modelcontextprotocol/server");

const key = randomBytes(32);
const sign = (payload) => createHmac("sha256", key).update(payload).digest("base64url");

function mintState(value) {
  const payload = Buffer.from(JSON.stringify(value)).toString("base64url");
  return `${payload}.${sign(payload)}`;
}

function readState(state) {
  const [payload, mac] = String(state).split(".");
  const expected = Buffer.from(sign(payload ?? ""));
  if (!mac || expected.length !== Buffer.from(mac).length || !timingSafeEqual(expected, Buffer.from(mac)))
    throw new Error("requestState failed verification");
  return JSON.parse(Buffer.from(payload, "base64url").toString());
}

const text = (entries) => ({
  content: entries.map(([name, value]) => ({ type: "text", text: `${name}: ${JSON.stringify(value)}` })),
});

// The response for @name as the client sent it, or undefined when it is missing.
const answer = (ctx, name) =>
  inputResponse(ctx.mcpReq.inputResponses, name).kind === "elicit" ? ctx.mcpReq.inputResponses[name] : undefined;

const confirmSchema = {
  type: "object",
  properties: { confirmed: { type: "boolean", title: "Deploy to staging" } },
  required: ["confirmed"],
};
const nameSchema = {
  type: "object",
  properties: { name: { type: "string", title: "Your name" } },
  required: ["name"],
};
const colorSchema = {
  type: "object",
  properties: { color: { type: "string", title: "Favourite colour", enum: ["red", "green", "blue"] } },
  required: ["color"],
};
const projectSchema = {
  type: "object",
  properties: { projectName: { type: "string", title: "Project name" } },
  required: ["projectName"],
};
const detailsSchema = {
  type: "object",
  properties: {
    framework: { type: "string", title: "Framework", enum: ["react", "vue", "svelte"] },
    port: { type: "integer", title: "Port", minimum: 1024, maximum: 65535 },
  },
  required: ["framework", "port"],
};

function makeServer() {
  const server = new McpServer({ name: "elicit-v2-mrtr-server", version: "1.0.0" },
                               { capabilities: { tools: {} } });

  server.registerTool("confirm_form", { description: "One form request" }, async (ctx) => {
    const confirm = answer(ctx, "confirm");
    if (confirm)
      return text([["confirm", confirm]]);
    return inputRequired({
      inputRequests: {
        confirm: inputRequired.elicit({ message: "Deploy the v2 build?", requestedSchema: confirmSchema }),
      },
    });
  });

  server.registerTool("two_at_once", { description: "Two form requests in one round" }, async (ctx) => {
    const name = answer(ctx, "name");
    const color = answer(ctx, "color");
    if (name && color)
      return text([["name", name], ["color", color]]);
    return inputRequired({
      inputRequests: {
        name: inputRequired.elicit({ message: "What is your name?", requestedSchema: nameSchema }),
        color: inputRequired.elicit({ message: "Pick a colour", requestedSchema: colorSchema }),
      },
    });
  });

  server.registerTool("two_rounds", { description: "Two rounds, the second carrying requestState" },
                      async (ctx) => {
    const state = ctx.mcpReq.requestState();
    if (state !== undefined) {
      const { project } = readState(state);
      const details = answer(ctx, "details");
      if (details)
        return text([["project", project], ["details", details]]);
      return roundTwo(project);
    }
    const project = answer(ctx, "project");
    if (project && project.action === "accept")
      return roundTwo(project);
    if (project)
      return text([["project", project]]);
    return inputRequired({
      inputRequests: {
        project: inputRequired.elicit({ message: "Name your project", requestedSchema: projectSchema }),
      },
    });
  });

  server.registerTool("url_login", { description: "One URL-mode request" }, async (ctx) => {
    const login = answer(ctx, "login");
    if (login)
      return text([["login", login]]);
    return inputRequired({
      inputRequests: {
        login: inputRequired.elicitUrl({ message: "Sign in to Example Co",
                                         url: "https://auth.example.com/v2/login" }),
      },
    });
  });

  return server;
}

function roundTwo(project) {
  return inputRequired({
    inputRequests: {
      details: inputRequired.elicit({ message: `Framework and port for ${project.content.projectName}`,
                                      requestedSchema: detailsSchema }),
    },
    requestState: mintState({ project }),
  });
}

if (mode === "stdio") {
  const { serveStdio } = await load("@modelcontextprotocol/server/stdio");
  serveStdio(() => makeServer(), { legacy: "reject", onerror: (error) => console.error(error.message) });
} else {
  const handler = createMcpHandler(() => makeServer(), { onerror: (error) => console.error(error.message) });
  const http = createServer(async (req, res) => {
    const chunks = [];
    for await (const chunk of req)
      chunks.push(chunk);
    const body = Buffer.concat(chunks);
    const request = new Request(`http://${req.headers.host}${req.url}`, {
      method: req.method,
      headers: Object.entries(req.headers).flatMap(([name, value]) =>
        Array.isArray(value) ? value.map((v) => [name, v]) : [[name, value]]),
      body: req.method === "GET" || req.method === "HEAD" ? undefined : body,
    });
    const response = await handler.fetch(request);
    res.writeHead(response.status, Object.fromEntries(response.headers));
    if (response.body) {
      for await (const chunk of response.body)
        res.write(chunk);
    }
    res.end();
  });
  http.listen(0, "127.0.0.1", () => {
    console.log(`LISTENING http://127.0.0.1:${http.address().port}/mcp`);
  });
}
