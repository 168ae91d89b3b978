/** The official conformance suite against a listening server. */
import assert from "node:assert/strict";
import { appFor, buildFolder, buildMultiFixture, listen, ROOT } from "../helpers.ts";
import { runScenario } from "./run_conformance.ts";

const { manifest } = await buildFolder(`${ROOT}/content`);

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
