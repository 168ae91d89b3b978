/**
 * stdio under an over-long line: a 100 MB line, delivered in 1 MiB writes with pauses (one right
 * at the cut), is one `-32600` answer; none of its rest runs as a request, and the next line is
 * served.
 */
// deno-lint-ignore-file no-explicit-any
import assert from "node:assert/strict";
import { createStoreCache } from "../../src/content/store_cache.ts";
import { createMcpServer } from "../../src/protocol/mcp_server.ts";
import { MAX_LINE_BYTES, serveStdio } from "../../src/transport/stdio.ts";
import { manifestOf } from "../helpers.ts";

const encoder = new TextEncoder();
const MiB = 1024 * 1024;

/** The answers of a stdio server to chunks produced one at a time (with optional pauses). */
async function answersTo(chunks: () => AsyncGenerator<Uint8Array>): Promise<any[]> {
  const manifest = await manifestOf([{
    name: "docs",
    description: "",
    files: [{ path: "a.md", text: "# A" }],
  }]);
  const server = createMcpServer({ stores: createStoreCache({ load: () => manifest }) });
  const out: string[] = [];
  const source = chunks();
  await serveStdio({
    server,
    input: new ReadableStream<Uint8Array>({
      async pull(controller) {
        const next = await source.next();
        if (next.done) controller.close();
        else controller.enqueue(next.value);
      },
    }, { highWaterMark: 0 }),
    write: (line) => {
      out.push(line);
      return Promise.resolve();
    },
  });
  return out.join("").trim().split("\n").map((line) => JSON.parse(line));
}

const pause = () => new Promise((r) => setTimeout(r, 5));

Deno.test("stdio: a 100 MB line split across writes and pauses is one -32600, then served", async () => {
  // The line looks like requests from the cut on: a reader that forgot the line was cut would
  // run them (`{"jsonrpc":"2.0","id":"smuggled",...}` repeated).
  const smuggled = encoder.encode(
    JSON.stringify({ jsonrpc: "2.0", id: "smuggled", method: "ping" }).padEnd(1024, " "),
  );
  const filler = new Uint8Array(MiB).fill(0x78); // "x"
  const answers = await answersTo(async function* () {
    yield encoder.encode(JSON.stringify({ jsonrpc: "2.0", id: "before", method: "ping" }) + "\n");
    yield encoder.encode('{"jsonrpc":"2.0","id":"long","method":"ping","params":{"pad":"');
    let sent = 0;
    while (sent < MAX_LINE_BYTES) {
      yield filler;
      sent += filler.byteLength;
    }
    await pause(); // the writer pauses right at the cut
    for (let i = 0; i < 96; i++) {
      const chunk = new Uint8Array(MiB);
      for (let at = 0; at < MiB; at += smuggled.byteLength) chunk.set(smuggled, at);
      yield chunk;
      if (i % 10 === 0) await pause();
    }
    yield encoder.encode('"}}\n' + JSON.stringify({ jsonrpc: "2.0", id: "after", method: "ping" }));
    yield encoder.encode("\n");
  });
  assert.deepEqual(answers.map((a) => a.id ?? a.error?.code), ["before", -32600, "after"]);
  assert.match(answers[1].error.message, /a line longer than 4194304 bytes/);
});

Deno.test("stdio: a long line cut by the end of input gets one answer and nothing else", async () => {
  const answers = await answersTo(async function* () {
    for (let i = 0; i < 6; i++) yield new Uint8Array(MiB).fill(0x20);
  });
  assert.deepEqual(answers.map((a) => a.error?.code), [-32600]);
});
