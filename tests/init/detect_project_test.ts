/**
 * Where `init` says a framework publishes: an API generator's output (rustdoc, javadoc,
 * MediaWiki) is the built site itself, as Sphinx's HTML is, so its publish folder is the content
 * folder (never `${base}undefined`).
 */
import assert from "node:assert/strict";
import { publishFolder } from "../../src/init/detect_project.ts";

Deno.test("publishFolder: an API generator's output is published as it is", () => {
  for (const dialect of ["rustdoc", "javadoc", "mediawiki"] as const) {
    assert.equal(publishFolder(dialect, undefined, "target/doc"), "target/doc", dialect);
  }
});
