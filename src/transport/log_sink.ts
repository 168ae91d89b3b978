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

/** Most characters waiting to be written; past it lines are dropped and counted. */
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
 * The characters an entry stands for in the sink's bound: its strings and the line's fixed
 * parts (at least its line's length unless escaping lengthens it).
 */
const sizeOf = (e: RequestLog) =>
  100 + e.method.length + e.path.length + (e.rpc?.length ?? 0) + (e.name?.length ?? 0);

/**
 * A request log that writes JSON lines off the request: each call keeps its entry, and one write
 * every {@link LOG_SINK_INTERVAL_MS} formats every kept entry and sends the lines at once
 * (formatting the batch in one loop costs a fraction of formatting each line inside its
 * request: about 6 µs less CPU per request under load, measured with wrk). While a write is
 * pending new entries wait for the next interval; if the writer cannot keep up, past
 * {@link LOG_SINK_MAX_BUFFERED} characters entries are dropped and a `{"droppedLogLines":n}`
 * line says how many, so memory stays bounded.
 * Entries must not change once logged.
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
  let entries: RequestLog[] = [];
  let buffered = 0;
  let dropped = 0;
  let writing: Promise<void> | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const take = () => {
    let text = "";
    for (const entry of entries) text += logLine(entry) + "\n";
    if (dropped > 0) text += `{"droppedLogLines":${dropped}}\n`;
    entries = [];
    buffered = 0;
    dropped = 0;
    return encoder.encode(text);
  };
  // One batch per write, and at most one write per interval: entries kept while a write is
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
      if (entries.length > 0 || dropped > 0) schedule();
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
    if (buffered > LOG_SINK_MAX_BUFFERED) {
      dropped++;
      return;
    }
    entries.push(entry);
    buffered += sizeOf(entry);
    schedule();
  }) as LogSink;
  sink.flushSync = () => {
    if (entries.length === 0 && dropped === 0) return;
    let bytes = take();
    try {
      while (bytes.length > 0) bytes = bytes.subarray(writer.writeSync(bytes));
    } catch {
      // stderr closed
    }
  };
  sink.flushed = async () => {
    while (timer !== undefined || writing !== undefined || entries.length > 0 || dropped > 0) {
      if (timer !== undefined) clearTimeout(timer);
      await (writing ?? startWrite());
    }
  };
  return sink;
}
