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

const utf8 = new TextEncoder();
const utf8Decoder = new TextDecoder();

/**
 * One request log line as JSON text ({@link writeLogLine}'s line without its newline): the same
 * fields and escaping as `JSON.stringify(entry)`.
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
  const bytes = new Uint8Array(maxLogLineBytes(e));
  return utf8Decoder.decode(bytes.subarray(0, writeLogLine(bytes, 0, e) - 1));
}

/** Most bytes {@link writeLogLine} writes for `e`: six per UTF-16 unit of its strings (`\u0000`). */
export function maxLogLineBytes(e: RequestLog): number {
  return 128 + 6 * (e.time.length + e.method.length + e.path.length + (e.rpc?.length ?? 0) +
        (e.name?.length ?? 0));
}

/**
 * Writes `e`'s log line — `JSON.stringify(e)` in UTF-8 and a newline — into `bytes` at `at`
 * (which must have {@link maxLogLineBytes} free) and returns where it ends. Characters go
 * straight into the bytes, with no string made (the line as a string, then encoded, cost the
 * request log a third more: `log_bench.ts`, the whole log per request, 0.74 µs that way and
 * 0.53–0.55 µs this way, 2026-11-24).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { maxLogLineBytes, writeLogLine } from "./log_sink.ts";
 * const entry = { time: "t", method: "GET", path: "/caf\u00e9", status: 200, durationMs: 0.25 };
 * const bytes = new Uint8Array(maxLogLineBytes(entry));
 * const end = writeLogLine(bytes, 0, entry);
 * assert.equal(new TextDecoder().decode(bytes.subarray(0, end)), JSON.stringify(entry) + "\n");
 * ```
 */
export function writeLogLine(bytes: Uint8Array, at: number, e: RequestLog): number {
  at = writeAscii(bytes, at, '{"time":');
  at = writeJsonString(bytes, at, e.time);
  at = writeAscii(bytes, at, ',"method":');
  at = writeJsonString(bytes, at, e.method);
  at = writeAscii(bytes, at, ',"path":');
  at = writeJsonString(bytes, at, e.path);
  at = writeAscii(bytes, at, ',"status":');
  at = writeAscii(bytes, at, jsonNumber(e.status));
  at = writeAscii(bytes, at, ',"durationMs":');
  at = writeAscii(bytes, at, jsonNumber(e.durationMs));
  if (e.rpc !== undefined) {
    at = writeAscii(bytes, at, ',"rpc":');
    at = writeJsonString(bytes, at, e.rpc);
  }
  if (e.name !== undefined) {
    at = writeAscii(bytes, at, ',"name":');
    at = writeJsonString(bytes, at, e.name);
  }
  bytes[at++] = 0x7d; // }
  bytes[at++] = 0x0a; // \n
  return at;
}

/** A number as `JSON.stringify` writes it (`null` for NaN and infinities). */
const jsonNumber = (n: number) => Number.isFinite(n) ? String(n) : "null";

/** Text known to be ASCII that JSON writes as it is. */
function writeAscii(bytes: Uint8Array, at: number, text: string): number {
  for (let i = 0; i < text.length; i++) bytes[at++] = text.charCodeAt(i);
  return at;
}

/**
 * A JSON string: printable ASCII but `"` and `\` is copied as it is; a string with anything
 * else is left to `JSON.stringify` (escapes, lone surrogates) and encoded as UTF-8.
 */
function writeJsonString(bytes: Uint8Array, at: number, text: string): number {
  const start = at;
  bytes[at++] = 0x22;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x20 || c > 0x7e || c === 0x22 || c === 0x5c) {
      return start + utf8.encodeInto(JSON.stringify(text), bytes.subarray(start)).written;
    }
    bytes[at++] = c;
  }
  bytes[at++] = 0x22;
  return at;
}

/**
 * A request log that writes JSON lines off the request: each call writes its entry's line into a
 * byte buffer the sink reuses ({@link writeLogLine}), and one write every {@link LOG_SINK_INTERVAL_MS}
 * sends the buffered lines at once. Nothing a request allocates outlives it: a sink that kept the
 * entries (or their lines as strings) for the interval let them survive into V8's old
 * generation, and under load V8 then ran an incremental mark-compact every 50–100 ms — about a
 * quarter of a cached read's CPU (`--trace-gc` and `perf`: see docs/performance-history.md). While a
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
  let buffer = new Uint8Array(64 * 1024);
  let used = 0;
  let dropped = 0;
  let writing: Promise<void> | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const room = (size: number) => {
    if (used + size > buffer.length) {
      const grown = new Uint8Array(Math.max(buffer.length * 2, used + size));
      grown.set(buffer.subarray(0, used));
      buffer = grown;
    }
  };
  const take = () => {
    if (dropped > 0) {
      const line = `{"droppedLogLines":${dropped}}\n`;
      room(line.length);
      used = writeAscii(buffer, used, line);
    }
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
    room(maxLogLineBytes(entry));
    used = writeLogLine(buffer, used, entry);
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
