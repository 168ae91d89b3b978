import type { RequestLog } from "./middleware.ts";

/** Where a {@link LogSink} writes: an async writer (may write part), and a sync one for exit. */
export interface LogWriter {
  write(bytes: Uint8Array): Promise<number>;
  writeSync(bytes: Uint8Array): number;
}

/** A request log that costs the request only keeping its entry. */
export interface LogSink {
  (entry: RequestLog): void;
  /** Writes whatever is buffered, synchronously (at exit). */
  flushSync(): void;
  /** Resolves once everything buffered so far is written. */
  flushed(): Promise<void>;
}

/** How long lines wait to be written together (one write, one timer per interval). */
export const LOG_SINK_INTERVAL_MS = 50;

/** Most bytes waiting to be written; past it lines are dropped and counted. */
export const LOG_SINK_MAX_BUFFERED = 1_000_000;

/**
 * One request log line as JSON text, built directly (no object walk): the same fields and
 * escaping as `JSON.stringify(entry)`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { logLine } from "./log_sink.ts";
 * const entry = { time: "t", method: "POST", path: '/a"b', status: 200, durationMs: 1.5, rpc: "tools/call", name: "x\n" };
 * assert.equal(logLine(entry), JSON.stringify(entry));
 * ```
 */
export function logLine(e: RequestLog): string {
  let line = `{"time":"${e.time}","method":${JSON.stringify(e.method)},"path":${
    JSON.stringify(e.path)
  },"status":${e.status},"durationMs":${e.durationMs}`;
  if (e.rpc !== undefined) line += `,"rpc":${JSON.stringify(e.rpc)}`;
  if (e.name !== undefined) line += `,"name":${JSON.stringify(e.name)}`;
  return line + "}";
}

/**
 * A request log that writes JSON lines off the request: each call formats its entry's line and
 * encodes it into a byte buffer the sink reuses, and one write every {@link LOG_SINK_INTERVAL_MS}
 * sends the buffered lines at once. Nothing a request allocates outlives it: a sink that kept the
 * entries (or their lines as strings) for the interval let them survive into V8's old
 * generation, and under load V8 then ran an incremental mark-compact every 50–100 ms — about a
 * quarter of a cached read's CPU (`--trace-gc` and `perf`: see README, Performance). While a
 * write is pending new lines wait for the next interval; if the writer cannot keep up, past
 * {@link LOG_SINK_MAX_BUFFERED} bytes lines are dropped and a `{"droppedLogLines":n}` line says
 * how many, so memory stays bounded.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { createLogSink } from "./log_sink.ts";
 * const chunks: string[] = [];
 * const decode = (b: Uint8Array) => (chunks.push(new TextDecoder().decode(b)), b.length);
 * const sink = createLogSink({ write: async (b) => decode(b), writeSync: decode });
 * sink({ time: "t", method: "GET", path: "/health", status: 200, durationMs: 0.1 });
 * sink({ time: "t", method: "GET", path: "/", status: 200, durationMs: 0.1 });
 * assert.equal(chunks.length, 0); // nothing written during the request
 * await sink.flushed();
 * assert.equal(chunks.length, 1); // both lines in one write
 * assert.equal(chunks.join("").split("\n").length, 3);
 * ```
 */
export function createLogSink(writer: LogWriter): LogSink {
  const encoder = new TextEncoder();
  let buffer = new Uint8Array(64 * 1024);
  let used = 0;
  let dropped = 0;
  let writing: Promise<void> | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const append = (line: string) => {
    // A UTF-16 code unit takes at most 3 bytes in UTF-8.
    if (used + line.length * 3 > buffer.length) {
      const grown = new Uint8Array(Math.max(buffer.length * 2, used + line.length * 3));
      grown.set(buffer.subarray(0, used));
      buffer = grown;
    }
    used += encoder.encodeInto(line, buffer.subarray(used)).written;
  };
  const take = () => {
    if (dropped > 0) append(`{"droppedLogLines":${dropped}}\n`);
    const bytes = buffer.slice(0, used);
    used = 0;
    dropped = 0;
    return bytes;
  };
  // One batch per write, and at most one write per interval: lines logged while a write is
  // pending wait for the next interval rather than being written as soon as it completes (which,
  // with requests arriving during every write, made the batch a write every few requests).
  const flush = async () => {
    let bytes = take();
    while (bytes.length > 0) {
      try {
        bytes = bytes.subarray(await writer.write(bytes));
      } catch {
        bytes = bytes.subarray(bytes.length); // stderr closed: logs are lost, requests are not
      }
    }
  };
  const startWrite = () => {
    timer = undefined;
    const done: Promise<void> = flush().finally(() => {
      writing = undefined;
      if (used > 0 || dropped > 0) schedule();
    });
    writing = done;
    return done;
  };
  const schedule = () => {
    if (writing === undefined && timer === undefined) {
      timer = setTimeout(startWrite, LOG_SINK_INTERVAL_MS);
    }
  };

  const sink = ((entry: RequestLog) => {
    if (used > LOG_SINK_MAX_BUFFERED) {
      dropped++;
      return;
    }
    append(logLine(entry) + "\n");
    schedule();
  }) as LogSink;
  sink.flushSync = () => {
    if (used === 0 && dropped === 0) return;
    let bytes = take();
    try {
      while (bytes.length > 0) bytes = bytes.subarray(writer.writeSync(bytes));
    } catch {
      // stderr closed
    }
  };
  sink.flushed = async () => {
    while (timer !== undefined || writing !== undefined || used > 0 || dropped > 0) {
      if (timer !== undefined) clearTimeout(timer);
      await (writing ?? startWrite());
    }
  };
  return sink;
}
