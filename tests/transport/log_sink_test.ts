import assert from "node:assert/strict";
import fc from "fast-check";
import {
  createLogSink,
  LOG_SINK_INTERVAL_MS,
  LOG_SINK_MAX_BUFFERED,
  logLine,
  maxLogLineBytes,
  writeLogLine,
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

Deno.test("log line: the bytes of JSON.stringify(entry) and a newline, for any entry, within its bound", () => {
  // Printable ASCII (quotes and backslashes too), any UTF-16 units, lone surrogates included,
  // and the values a request log holds.
  const unit = (min: number, max: number) =>
    fc.integer({ min, max }).map((c) => String.fromCharCode(c));
  const text = fc.oneof(
    fc.string({ unit: unit(0x20, 0x7e) }),
    fc.string({ unit: unit(0, 0xffff) }),
    fc.string({ unit: "binary" }),
    fc.constantFrom("POST", "/mcp", "tools/call", "get_article", "2026-11-24T10:00:00.000Z"),
  );
  const entry = fc.record({
    time: text,
    method: text,
    path: text,
    status: fc.oneof(fc.integer(), fc.double()),
    durationMs: fc.double(),
    rpc: text,
    name: text,
  }, { requiredKeys: ["time", "method", "path", "status", "durationMs"] });
  fc.assert(
    fc.property(entry, fc.integer({ min: 0, max: 40 }), (e, at) => {
      const bound = maxLogLineBytes(e);
      const bytes = new Uint8Array(at + bound + 8).fill(0xee);
      const end = writeLogLine(bytes, at, e);
      assert.ok(end - at <= bound, `${end - at} > ${bound}`);
      assert.ok(bytes.subarray(0, at).every((b) => b === 0xee), "wrote before its start");
      assert.ok(bytes.subarray(end).every((b) => b === 0xee), "wrote past its end");
      const expected = new TextEncoder().encode(JSON.stringify(e) + "\n");
      assert.deepEqual(bytes.subarray(at, end), expected);
      assert.equal(logLine(e), JSON.stringify(e));
    }),
    { numRuns: 500 },
  );
});
