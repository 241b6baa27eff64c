#!/usr/bin/env node
// A long-running job handler for `cogctl worker --handler 'CLASS=serve:node serve_handler.js'`.
//
// cogctl starts it once per worker thread and keeps it between jobs: one JSON request per
// line on stdin ({"jid","class","queue","retry_count","identity","payload"}), one JSON reply
// per line on stdout ({"ok":true} or {"ok":false,"error_class","error_message","backtrace",
// "retry"}). Logs go to stderr (cogctl prints them with the jid); stdout is the protocol's
// alone. Jobs are answered in order, one at a time: cogctl sends the next request only after
// the reply.
"use strict";

const readline = require("readline");

const leaked = [];

class Declined extends Error {}

const jobs = {
  Noop: async () => {},
  Fail: async (args) => {
    throw new Error(args[0] || "failed");
  },
  Charge: async (args) => {
    if (args[0] === "declined") throw new Declined("card declined");
  },
  Sleep: (args) => new Promise((resolve) => setTimeout(resolve, (args[0] || 1) * 1000)),
  Crash: async () => {
    console.error("crashing on purpose");
    process.exit(3);
  },
  Leak: async (args) => {
    leaked.push(Buffer.alloc((args[0] || 10) * 1024 * 1024, 1));
  },
};

async function handle(request) {
  const fn = jobs[request.class];
  if (!fn) {
    return { ok: false, error_class: "NameError", error_message: `no job class ${request.class} in this handler` };
  }
  try {
    await fn(request.payload.args || []);
    return { ok: true };
  } catch (e) {
    const reply = {
      ok: false,
      error_class: e.constructor.name,
      error_message: e.message,
      backtrace: String(e.stack || "").split("\n").slice(1, 21).map((l) => l.trim()),
    };
    if (e instanceof Declined) reply.retry = "kill";
    return reply;
  }
}

async function main() {
  console.error(`handler ${process.pid} ready`);
  const lines = readline.createInterface({ input: process.stdin, terminal: false });
  for await (const line of lines) {
    const reply = await handle(JSON.parse(line));
    process.stdout.write(JSON.stringify(reply) + "\n");
  }
}

main();
