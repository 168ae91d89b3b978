/**
 * The official conformance suite against a listening server. The suite runs as a child
 * `deno run` with its own cache folder (`dist/.child-deno-cache`) and outside the project:
 * a child that downloads into the cache the parent `deno task`/`deno test` holds waits for
 * that cache's lock forever.
 */
import assert from "node:assert/strict";
import {
  appFor,
  buildFolder,
  buildMultiFixture,
  CHILD_DENO_DIR,
  listen,
  ROOT,
} from "../helpers.ts";

const CONFORMANCE = "npm:@modelcontextprotocol/conformance@0.1.16";
const CACHE = CHILD_DENO_DIR;
await Deno.mkdir(CACHE, { recursive: true });
const { manifest } = await buildFolder(`${ROOT}/content`);

/** Runs one conformance scenario and returns its output; fails the test on any failed check. */
export async function runScenario(url: string, scenario: string): Promise<string> {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", CONFORMANCE, "server", "--url", url, "--scenario", scenario],
    stdout: "piped",
    stderr: "piped",
    cwd: CACHE,
    env: { NO_COLOR: "1", DENO_DIR: CACHE },
    // A scenario answers in well under a second; never let a stuck child hang the suite.
    signal: AbortSignal.timeout(120_000),
  }).output();
  const text = new TextDecoder().decode(out.stdout) + new TextDecoder().decode(out.stderr);
  assert.equal(out.code, 0, text);
  assert.match(text, /Passed: (\d+)\/\1, 0 failed/, text);
  return text;
}

for (const scenario of ["server-initialize", "ping", "tools-list"]) {
  Deno.test(`conformance: ${scenario}`, async () => {
    const { app, errors } = appFor(manifest);
    const server = listen(app);
    try {
      await runScenario(server.url, scenario);
    } finally {
      await server.close();
    }
    assert.deepEqual(errors, []);
  });
}

const { manifest: multi } = await buildMultiFixture();

for (
  const scenario of ["resources-list", "prompts-list", "logging-set-level", "completion-complete"]
) {
  Deno.test(`conformance: ${scenario} (two sources, with prompts)`, async () => {
    const { app, errors } = appFor(multi);
    const server = listen(app);
    try {
      await runScenario(server.url, scenario);
    } finally {
      await server.close();
    }
    assert.deepEqual(errors, []);
  });
}
