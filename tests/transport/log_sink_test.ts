import assert from "node:assert/strict";
import {
  createLogSink,
  LOG_SINK_INTERVAL_MS,
  LOG_SINK_MAX_BUFFERED,
} from "../../src/transport/log_sink.ts";

const entry = (i: number) => ({
  time: "2026-11-22T00:00:00.000Z",
  method: "POST",
  path: "/mcp",
  status: 200,
  durationMs: i,
});

Deno.test("log sink: a writer that cannot keep up costs bounded memory and a count of dropped lines", async () => {
  const written: string[] = [];
  let release!: () => void;
  const blocked = new Promise<void>((r) => release = r);
  let calls = 0;
  const sink = createLogSink({
    async write(bytes) {
      if (calls++ === 0) await blocked; // the first write hangs, as on a full pipe
      written.push(new TextDecoder().decode(bytes));
      return bytes.length;
    },
    writeSync: (bytes) => bytes.length,
  });
  sink(entry(0));
  // Wait until the first write has started (after the sink's interval) and hangs.
  while (calls === 0) await new Promise((r) => setTimeout(r, 5));
  const line = JSON.stringify(entry(1)).length;
  const n = Math.ceil(LOG_SINK_MAX_BUFFERED / line) * 3;
  for (let i = 1; i <= n; i++) sink(entry(i));
  release();
  await sink.flushed();
  const lines = written.join("").trim().split("\n");
  const dropped = JSON.parse(lines.at(-1)!).droppedLogLines;
  assert.ok(dropped > n / 2, `${dropped} of ${n} dropped`);
  assert.equal(lines.length - 1 + dropped, n + 1, "every line written or counted");
  assert.ok(lines.length - 1 <= LOG_SINK_MAX_BUFFERED / line + 2);
});

Deno.test("log sink: partial writes are continued; a failing writer loses logs, not requests", async () => {
  let out = "";
  const sink = createLogSink({
    write: (bytes) => {
      out += new TextDecoder().decode(bytes.subarray(0, 7));
      return Promise.resolve(Math.min(7, bytes.length));
    },
    writeSync: (bytes) => bytes.length,
  });
  sink(entry(1));
  sink(entry(2));
  await sink.flushed();
  assert.deepEqual(out.trim().split("\n").map((l) => JSON.parse(l).durationMs), [1, 2]);

  const broken = createLogSink({
    write: () => Promise.reject(new Error("EPIPE")),
    writeSync: () => {
      throw new Error("EPIPE");
    },
  });
  broken(entry(1));
  await broken.flushed();
  broken(entry(2));
  broken.flushSync();
});

Deno.test("log sink: under a steady stream of requests it writes once per interval, not once per few entries", async () => {
  let writes = 0;
  let lines = 0;
  const tick = () => new Promise((r) => setTimeout(r, 0));
  const sink = createLogSink({
    // A write completes a macrotask later, as a real write op does; requests keep arriving.
    write: async (bytes) => {
      writes++;
      lines += new TextDecoder().decode(bytes).trim().split("\n").length;
      await tick();
      return bytes.length;
    },
    writeSync: (bytes) => bytes.length,
  });
  const started = performance.now();
  const n = 300;
  for (let i = 0; i < n; i++) {
    sink(entry(i));
    await tick();
  }
  const intervals = (performance.now() - started) / LOG_SINK_INTERVAL_MS;
  await sink.flushed();
  assert.equal(lines, n, "every line written");
  assert.ok(writes <= intervals + 2, `${writes} writes in ${intervals.toFixed(1)} intervals`);
});

Deno.test("log sink: keeps the line, not the entry — changing an entry after logging it changes nothing", async () => {
  const written: string[] = [];
  const sink = createLogSink({
    write: (bytes) =>
      Promise.resolve((written.push(new TextDecoder().decode(bytes)), bytes.length)),
    writeSync: (bytes) => bytes.length,
  });
  const logged = { ...entry(1), rpc: "tools/call", name: "ü" };
  sink(logged);
  logged.status = 500;
  logged.name = "changed";
  await sink.flushed();
  assert.equal(
    written.join(""),
    JSON.stringify({ ...entry(1), rpc: "tools/call", name: "ü" }) + "\n",
  );
});
