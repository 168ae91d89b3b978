/** The official conformance suite against a listening server. */
import assert from "node:assert/strict";
import { appFor, buildFolder, buildMultiFixture, listen, ROOT } from "../helpers.ts";
import { runScenario } from "./run_conformance.ts";

const { manifest } = await buildFolder(`${ROOT}/content`);

const { manifest: multi } = await buildMultiFixture();

/** Registers one conformance test per scenario against a listening server over `m`. */
function scenarios(names: string[], m: typeof manifest, label = "") {
  for (const scenario of names) {
    Deno.test(`conformance: ${scenario}${label}`, async () => {
      const { app, errors } = appFor(m);
      const server = listen(app);
      try {
        await runScenario(server.url, scenario);
      } finally {
        await server.close();
      }
      assert.deepEqual(errors, []);
    });
  }
}

scenarios(["server-initialize", "ping", "tools-list"], manifest);
scenarios(
  ["resources-list", "prompts-list", "logging-set-level", "completion-complete"],
  multi,
  " (two sources, with prompts)",
);
