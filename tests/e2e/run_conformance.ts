/**
 * Runs one scenario of the official conformance suite against a URL. The suite runs as a child
 * `deno run` with its own cache folder and outside the project: a child that downloads into the
 * cache the parent test process holds waits for that cache's lock forever.
 */
import assert from "node:assert/strict";
import { CHILD_DENO_DIR } from "../helpers.ts";

const CONFORMANCE = "npm:@modelcontextprotocol/conformance@0.1.16";

/** Runs a scenario and returns its output; fails the test on any failed check. */
export async function runScenario(url: string, scenario: string): Promise<string> {
  await Deno.mkdir(CHILD_DENO_DIR, { recursive: true });
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", CONFORMANCE, "server", "--url", url, "--scenario", scenario],
    stdout: "piped",
    stderr: "piped",
    cwd: CHILD_DENO_DIR,
    env: { NO_COLOR: "1", DENO_DIR: CHILD_DENO_DIR },
    // A scenario answers in well under a second; never let a stuck child hang the suite.
    signal: AbortSignal.timeout(120_000),
  }).output();
  const text = new TextDecoder().decode(out.stdout) + new TextDecoder().decode(out.stderr);
  assert.equal(out.code, 0, text);
  assert.match(text, /Passed: (\d+)\/\1, 0 failed/, text);
  return text;
}
