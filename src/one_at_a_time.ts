/**
 * `start` run at most once at a time: a call while its last run is under way shares that run, and
 * a call after it settled (done or failed) starts another. What reads a part of something in the
 * background at each call (a dictionary's or the names' next volume, one a search) is this.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { oneAtATime } from "./one_at_a_time.ts";
 * let runs = 0;
 * const next = oneAtATime(() => new Promise<void>((resolve) => setTimeout(() => (runs++, resolve()), 1)));
 * await Promise.all([next(), next()]);
 * assert.equal(runs, 1);
 * await next();
 * assert.equal(runs, 2);
 * const failing = oneAtATime(() => Promise.reject(new Error("offline")));
 * await assert.rejects(failing(), /offline/);
 * await assert.rejects(failing(), /offline/); // tried again
 * ```
 */
export function oneAtATime(start: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | undefined;
  return () => {
    const started = running ??= start();
    const forget = () => {
      if (running === started) running = undefined;
    };
    started.then(forget, forget);
    return started;
  };
}
