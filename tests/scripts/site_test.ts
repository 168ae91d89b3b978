/** `deno task site` serves the build output and nothing outside it. */
import assert from "node:assert/strict";
import { serveFile } from "../../scripts/site.ts";

Deno.test("site: serves files under the root with their type; nothing outside it", async () => {
  const root = await Deno.makeTempDir();
  try {
    await Deno.mkdir(`${root}/dist/_shelf`, { recursive: true });
    await Deno.writeTextFile(`${root}/dist/_shelf/manifest.json`, "{}");
    await Deno.writeTextFile(`${root}/secret.txt`, "secret");
    const ok = await serveFile(`${root}/dist`, "/_shelf/manifest.json");
    assert.equal(ok.status, 200);
    assert.equal(ok.headers.get("content-type"), "application/json");
    assert.equal(await ok.text(), "{}");
    for (const path of ["/../secret.txt", "/_shelf/%2e%2e/%2e%2e/secret.txt", "/nope.json", "/"]) {
      const res = await serveFile(`${root}/dist`, path);
      assert.equal(res.status, 404, path);
      await res.body?.cancel();
    }
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});
