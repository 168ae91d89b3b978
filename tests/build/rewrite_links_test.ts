import assert from "node:assert/strict";
import { buildManifest } from "../../src/build/build_manifest.ts";
import { appFor, callTool } from "../helpers.ts";

// A source that uses statuses hides documents without one: the public ones say Live.
const LIVE = "---\nstatus: Live\n---\n";
const files = [
  {
    path: "guides/setup.md",
    text: [
      LIVE + "# Setup",
      "",
      "Read [the spec](../patterns/the-spec.md#why), [deploy](/guides/deploy/),",
      '[deploy again](deploy "Deploy") and [the site](https://example.com/guides/deploy).',
      "Never [the draft](../patterns/secret-plan.md) nor [a picture](../img/a.png).",
      "",
      "[spec]: /patterns/the-spec",
      "",
      "```md",
      "[kept](../patterns/the-spec.md)",
      "```",
    ].join("\n"),
  },
  { path: "guides/deploy.md", text: LIVE + "# Deploy\n\nShip it." },
  { path: "patterns/the-spec.md", text: LIVE + "# The spec\n\n## Why\n\nBecause." },
  { path: "patterns/secret-plan.md", text: "---\nstatus: Draft\n---\n# Secret plan\n\nHidden." },
];

async function build() {
  const { manifest } = await buildManifest({
    server: { name: "kb", version: "1" },
    sources: [{ name: "docs", description: "", files }],
  });
  return manifest;
}

Deno.test("links between documents become acdc:// URIs; others stay as written", async () => {
  const manifest = await build();
  const body = manifest.bodies["docs/guides/setup"]!;
  assert.match(body, /\[the spec\]\(acdc:\/\/docs\/patterns\/the-spec#why\)/);
  assert.match(body, /\[deploy\]\(acdc:\/\/docs\/guides\/deploy\),/);
  assert.match(body, /\[deploy again\]\(acdc:\/\/docs\/guides\/deploy "Deploy"\)/);
  assert.match(body, /\[the site\]\(https:\/\/example\.com\/guides\/deploy\)/);
  // A hidden document is never turned into a URI; nor is a file that is no document.
  assert.match(body, /\[the draft\]\(\.\.\/patterns\/secret-plan\.md\)/);
  assert.match(body, /\[a picture\]\(\.\.\/img\/a\.png\)/);
  assert.match(body, /^\[spec\]: acdc:\/\/docs\/patterns\/the-spec$/m);
  assert.match(body, /```md\n\[kept\]\(\.\.\/patterns\/the-spec\.md\)\n```/);
});

Deno.test("a rewritten link is followed by the read tools, fragment and all", async () => {
  const manifest = await build();
  const { app } = appFor(manifest);
  const read = await callTool(app, "read", { uri: "acdc://docs/patterns/the-spec#why" });
  assert.equal(read.isError, undefined);
  assert.match(read.content[0].text, /Because\./);
});

Deno.test("twins and llms-full.txt point rewritten links at the linked twin", async () => {
  const manifest = await build();
  const { app } = appFor(manifest);
  const twin = await app.fetch(new Request("http://kb.test/_shelf/md/docs/guides/setup.md"));
  const text = await twin.text();
  assert.match(
    text,
    /\[the spec\]\(http:\/\/kb\.test\/_shelf\/md\/docs\/patterns\/the-spec\.md#why\)/,
  );
  assert.doesNotMatch(text, /acdc:\/\//);
  const full = await (await app.fetch(new Request("http://kb.test/llms-full.txt"))).text();
  assert.match(full, /\(http:\/\/kb\.test\/_shelf\/md\/docs\/guides\/deploy\.md\)/);
  assert.doesNotMatch(full, /acdc:\/\//);
});

Deno.test("the index does not learn the link scheme: 'acdc' finds nothing", async () => {
  const manifest = await build();
  const { app } = appFor(manifest);
  const res = await callTool(app, "search_articles", { query: "acdc" });
  assert.equal(res.structuredContent.articles.length, 0);
});
