// sdk-task-server.mjs — a stdio server on the official TypeScript SDK 1.32
// (@modelcontextprotocol/sdk 1.32.2, pinned in tests/node) whose tools run as tasks
// (2025-11-25 task-augmented tools/call, the SDK's experimental task support) and elicit
// from inside the task, for test-e2e-tasks.py.
//
// Usage: node sdk-task-server.mjs NODE_MODULES
//
// Tools, registered with registerToolTask like server-everything's
// simulate-research-query:
//
//   ask_required   execution.taskSupport "required"
//   ask_optional   execution.taskSupport "optional"
//
// Each one creates a task, sets it to input_required and asks one form question,
// "Which codename?" (a string field "codename"), through the task's related-request
// mechanism (sendRequest with relatedTask: the SDK queues the elicitation/create and
// delivers it while the client waits on tasks/result). The task's result is one text
// item, "<tool>: <action> <codename as JSON>", exactly as the client answered.

import path from "node:path";
import { pathToFileURL } from "node:url";

const [nodeModules] = process.argv.slice(2);
if (!nodeModules) {
  console.error("usage: node sdk-task-server.mjs NODE_MODULES");
  process.exit(2);
}

const esm = path.join(path.resolve(nodeModules), "@modelcontextprotocol", "sdk", "dist", "esm");
const load = (file) => import(pathToFileURL(path.join(esm, file)).href);
const { McpServer } = await load("server/mcp.js");
const { StdioServerTransport } = await load("server/stdio.js");
const { ElicitResultSchema } = await load("types.js");
const { InMemoryTaskStore, InMemoryTaskMessageQueue } = await load("experimental/tasks/index.js");

const taskStore = new InMemoryTaskStore();
const server = new McpServer(
  { name: "sdk-task-server", version: "1.0.0" },
  {
    capabilities: {
      tools: {},
      tasks: { list: {}, cancel: {}, requests: { tools: { call: {} } } },
    },
    taskStore,
    taskMessageQueue: new InMemoryTaskMessageQueue(),
  },
);

async function askInTask(tool, taskId, store, sendRequest) {
  await store.updateTaskStatus(taskId, "input_required", "Waiting for a codename");
  let text;
  try {
    const result = await sendRequest(
      {
        method: "elicitation/create",
        params: {
          message: "Which codename?",
          requestedSchema: {
            type: "object",
            properties: { codename: { type: "string", title: "Codename" } },
            required: ["codename"],
          },
        },
      },
      ElicitResultSchema,
      { relatedTask: { taskId } },
    );
    text = `${tool}: ${result.action} ${JSON.stringify(result.content?.codename ?? null)}`;
  } catch (error) {
    text = `${tool}: error ${error instanceof Error ? error.message : String(error)}`;
  }
  await store.updateTaskStatus(taskId, "working", "Got an answer");
  await store.storeTaskResult(taskId, "completed", { content: [{ type: "text", text }] });
}

function registerAsking(name, taskSupport) {
  server.experimental.tasks.registerToolTask(
    name,
    {
      title: `Ask (task ${taskSupport})`,
      description: `Asks for a codename inside a task (taskSupport ${taskSupport})`,
      execution: { taskSupport },
    },
    {
      createTask: async (extra) => {
        const task = await extra.taskStore.createTask({ ttl: 300000, pollInterval: 200 });
        askInTask(name, task.taskId, extra.taskStore, extra.sendRequest).catch((error) =>
          extra.taskStore.updateTaskStatus(task.taskId, "failed", String(error)).catch(() => {}),
        );
        return { task };
      },
      getTask: async (extra) => await extra.taskStore.getTask(extra.taskId),
      getTaskResult: async (extra) => await extra.taskStore.getTaskResult(extra.taskId),
    },
  );
}

registerAsking("ask_required", "required");
registerAsking("ask_optional", "optional");

await server.connect(new StdioServerTransport());
