/**
 * One benchmark row from several interleaved rounds: each round runs Shelf, the peer and the
 * ceiling one after the other, so a round's ratios compare runs seconds apart, and the row keeps
 * the median of each measure over the rounds. On a shared machine a single run of one server
 * can land on a slow moment of the machine (a row repeated a minute later moved by a fifth, and
 * the same server's CPU per request by 40% between back-to-back runs); the median of per-round
 * ratios is what one such moment cannot move. Benchmark only.
 *
 * @module
 */
import { median } from "./median.ts";

export { median };

/** What one wrk run measured of one server (see `http_bench.ts`). */
export interface RunResult {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  /** Non-2xx answers, socket errors and failed checks. */
  errors: number;
  /**
   * The server process's CPU time (user + system, all its threads) per answered request, in µs:
   * steadier than requests per second on a shared machine, since time the process waits for a
   * core does not count.
   */
  cpuUs?: number;
}

/** One round of a row: a run of each server. */
export interface Round {
  shelf: RunResult;
  peer: RunResult;
  ceiling: RunResult;
}

/** A row's servers (medians over the rounds) and its ratios (medians of per-round ratios). */
export interface CombinedRow extends Round {
  rounds: number;
  /** Shelf / peer requests per second; null when the peer answered under 1 rps (median). */
  perPeer: number | null;
  perCeiling: number;
  /** Peer / Shelf CPU per request (higher is better for Shelf). */
  cpuPerPeer: number;
  /** Ceiling / Shelf CPU per request (higher is better for Shelf). */
  cpuPerCeiling: number;
}

function combineRuns(runs: RunResult[]): RunResult {
  const m = (key: "rps" | "p50" | "p99") => median(runs.map((r) => r[key]));
  const cpu = median(runs.map((r) => r.cpuUs ?? NaN));
  return {
    rps: m("rps"),
    p50: m("p50"),
    p99: m("p99"),
    requests: runs.reduce((sum, r) => sum + r.requests, 0),
    errors: runs.reduce((sum, r) => sum + r.errors, 0),
    ...(Number.isNaN(cpu) ? {} : { cpuUs: cpu }),
  };
}

/**
 * Combines a row's rounds: each server's rate, latency and CPU per request as medians, requests
 * and errors summed, and each ratio as the median of the rounds' own ratios.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { combineRounds } from "./combine_rounds.ts";
 * const run = (rps: number, cpuUs: number) => ({ rps, p50: 1, p99: 2, requests: rps, errors: 0, cpuUs });
 * const row = combineRounds([
 *   { shelf: run(50, 40), peer: run(10, 400), ceiling: run(100, 20) },
 *   { shelf: run(20, 90), peer: run(10, 400), ceiling: run(100, 20) }, // a slow moment for Shelf
 *   { shelf: run(30, 30), peer: run(5, 400), ceiling: run(50, 20) }, // a slow moment for all
 * ]);
 * assert.equal(row.perCeiling, 0.5); // rounds: 0.5, 0.2, 0.6
 * assert.equal(row.shelf.rps, 30);
 * assert.equal(row.shelf.requests, 100);
 * assert.equal(row.cpuPerCeiling, 0.5); // rounds: 0.5, 0.22, 0.67
 * ```
 */
export function combineRounds(rounds: Round[]): CombinedRow {
  if (rounds.length === 0) throw new Error("combineRounds: no rounds");
  const ratio = (f: (round: Round) => number) => median(rounds.map(f));
  const shelf = combineRuns(rounds.map((r) => r.shelf));
  const peer = combineRuns(rounds.map((r) => r.peer));
  const ceiling = combineRuns(rounds.map((r) => r.ceiling));
  return {
    rounds: rounds.length,
    shelf,
    peer,
    ceiling,
    // No factor when the peer answered less than one request a second (its median run).
    perPeer: peer.rps < 1 ? null : ratio((r) => r.shelf.rps / r.peer.rps),
    perCeiling: ratio((r) => r.shelf.rps / r.ceiling.rps),
    cpuPerPeer: ratio((r) => (r.peer.cpuUs ?? NaN) / (r.shelf.cpuUs ?? NaN)),
    cpuPerCeiling: ratio((r) => (r.ceiling.cpuUs ?? NaN) / (r.shelf.cpuUs ?? NaN)),
  };
}
