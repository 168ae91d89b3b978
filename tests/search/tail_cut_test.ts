/** The weak tail of a ranking is left out of the search tools' answers (`TAIL_CUT`). */
import assert from "node:assert/strict";
import { appFor, callTool, manifestOf } from "../helpers.ts";
import { TAIL_CUT } from "../../src/search/search_engine.ts";

const filler = "Unrelated prose about gardens, rivers and mountains. ".repeat(200);
const manifest = await manifestOf([{
  name: "docs",
  description: "",
  files: [
    {
      path: "widget-deployment.md",
      text:
        "---\ntags: [widget, deployment]\ndescription: Widget deployment, step by step.\n---\n" +
        "# Widget deployment\n\nDeploy the widget: widget deployment in three steps.",
    },
    { path: "long.md", text: `# Travel notes\n\n${filler}We once saw a widgt.\n\n${filler}` },
  ],
}]);
const { app } = appFor(manifest);

Deno.test("tail cut: a match far under the best one is left out of search, kept by the engine", async () => {
  const r = await callTool(app, "search", { query: "widget deployment" });
  const uris = r.structuredContent.results.map((x: { uri: string }) => x.uri);
  assert.deepEqual(uris, ["acdc://docs/widget-deployment"]);
  assert.equal(r.structuredContent.total, 1, "total counts what is kept");
  // The weak match exists: the engine without the cut ranks it, far under the best.
  const { createSearchEngine, buildIndexFor } = await import("../../src/search/search_engine.ts");
  const { createContentStore } = await import("../../src/content/content_store.ts");
  const { acdcWeights, DEFAULT_SEARCH_SETTINGS } = await import(
    "../../src/search/search_settings.ts"
  );
  const store = createContentStore(manifest);
  const all = (await createSearchEngine(store, buildIndexFor(store)).query("widget deployment", {
    weights: acdcWeights(DEFAULT_SEARCH_SETTINGS),
    limit: 10,
  })).hits;
  assert.equal(all.length, 2);
  assert.ok(all[1]!.score < all[0]!.score * TAIL_CUT, `${all[1]!.score} vs ${all[0]!.score}`);
});
