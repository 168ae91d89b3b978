/**
 * The build's memory, phase by phase, when `SHELF_BUILD_MEMORY` is set in its environment: one
 * line on stderr per phase (`memory: <phase> (<seconds since start>): rss … MB, heap … MB, external … MB`), for finding
 * where a large build's peak comes from. Silent otherwise, and where the environment cannot be
 * read. Run with `--v8-flags=--expose-gc` and the heap is collected first: what is still live.
 *
 * @module
 */

let enabled: boolean | undefined;

/**
 * Logs the process's memory after `phase` (when `SHELF_BUILD_MEMORY` is set).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { memoryLog } from "./memory_log.ts";
 * assert.equal(memoryLog("read"), undefined);
 * ```
 */
export function memoryLog(phase: string): void {
  if (enabled === undefined) {
    try {
      enabled = (Deno.env.get("SHELF_BUILD_MEMORY") ?? "") !== "";
    } catch {
      enabled = false;
    }
  }
  if (!enabled) return;
  (globalThis as { gc?: () => void }).gc?.();
  const m = Deno.memoryUsage();
  const mb = (n: number) => Math.round(n / 1e6);
  console.error(
    `memory: ${phase} (${(performance.now() / 1000).toFixed(1)} s): rss ${mb(m.rss)} MB, heap ${
      mb(m.heapUsed)
    } MB, ` +
      `external ${mb(m.external)} MB`,
  );
}
