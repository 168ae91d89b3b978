import assert from "node:assert/strict";
import { buildManifest } from "../../src/build/build_manifest.ts";
import { createContentStore } from "../../src/content/content_store.ts";
import { scopedStore } from "../../src/content/scoped_store.ts";
import { llmsFullSizeOf, withLlmsFullSizes } from "../../src/site/llms_full_sizes.ts";
import { llmsFullBytes } from "../../src/site/llms_txt.ts";

Deno.test("scoped view: the llms-full.txt sizes the build wrote are its own documents'", async () => {
  const files = (prefix: string) =>
    Array.from({ length: 5 }, (_, n) => ({
      path: `${prefix}${n}.md`,
      text: `# ${prefix} ${n}\n\n${"text ".repeat(10 + 7 * n)}`,
    }));
  const { manifest } = await buildManifest({
    server: { name: "kb", version: "1" },
    sources: [
      { name: "open", description: "", files: files("o") },
      { name: "team", description: "", scope: "team", files: files("t") },
      { name: "wide", description: "", files: files("w") },
    ],
  });
  const view = scopedStore(createContentStore(withLlmsFullSizes(manifest)), []);
  assert.deepEqual(view.manifest.sources.map((s) => s.name), ["open", "wide"]);
  const sizeOf = llmsFullSizeOf(view.manifest);
  assert.ok(sizeOf, "the view keeps sizes for its documents");
  for (const doc of view.manifest.documents) {
    assert.equal(sizeOf(doc), llmsFullBytes(doc, manifest.bodies[doc.id]!), doc.id);
  }
});
