/**
 * Runs one scenario of the official conformance suite against a URL. The suite runs as a child
 * `deno run` with its own cache folder and outside the project: a child that downloads into the
 * cache the parent test process holds waits for that cache's lock forever.
 */
import assert from "node:assert/strict";
import { CHILD_DENO_DIR } from "../helpers.ts";

/** The released suite, and the next release's alpha (the 2026-07-28 stateless scenarios). */
export const CONFORMANCE = "npm:@modelcontextprotocol/conformance@0.1.16";
export const CONFORMANCE_NEXT = "npm:@modelcontextprotocol/conformance@0.2.0-alpha.12";

/**
 * Runs a scenario and returns its output; fails the test on any failed check, except the
 * checks named in `expectedFailures` (`<scenario>:<check-id>`, the suite's own baseline file),
 * which must fail — a baseline entry that starts passing fails the run too.
 */
export async function runScenario(
  url: string,
  scenario: string,
  options: { suite?: string; expectedFailures?: string[] } = {},
): Promise<string> {
  await Deno.mkdir(CHILD_DENO_DIR, { recursive: true });
  const args = ["run", "-A", options.suite ?? CONFORMANCE, "server", "--url", url];
  args.push("--scenario", scenario);
  if (options.expectedFailures) {
    const baseline = `${CHILD_DENO_DIR}/expected-${scenario}.yaml`;
    await Deno.writeTextFile(
      baseline,
      `server:\n${options.expectedFailures.map((f) => `  - ${f}\n`).join("")}`,
    );
    args.push("--expected-failures", baseline);
  }
  const out = await new Deno.Command(Deno.execPath(), {
    args,
    stdout: "piped",
    stderr: "piped",
    cwd: CHILD_DENO_DIR,
    env: { NO_COLOR: "1", DENO_DIR: CHILD_DENO_DIR },
    // A scenario answers in well under a second; never let a stuck child hang the suite.
    signal: AbortSignal.timeout(120_000),
  }).output();
  const text = new TextDecoder().decode(out.stdout) + new TextDecoder().decode(out.stderr);
  assert.equal(out.code, 0, text);
  if (options.expectedFailures) {
    assert.match(text, /Baseline check passed: all failures are expected/, text);
  } else assert.match(text, /Passed: (\d+)\/\1, 0 failed/, text);
  return text;
}
