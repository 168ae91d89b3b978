/**
 * Identifiers as developers type them: indexed whole and by parts, and a document holding the
 * whole identifier outranks documents that only have its parts.
 */
import assert from "node:assert/strict";
import { appFor, callTool, manifestOf } from "../helpers.ts";

const manifest = await manifestOf([{
  name: "docs",
  description: "",
  files: [
    {
      path: "classes.md",
      text: "# Classes and PG tips\n\nA class groups rows. PG stores each class. The pg tool and " +
        "class names, class by class, pg again. Open a file; open it twice. JSON config in deno " +
        "land; deno reads json. Force it with force.",
    },
    { path: "catalog.md", text: "# System catalog\n\nThe pg_class catalog lists relations." },
    { path: "syscalls.md", text: "# System calls\n\nopen(2) opens a file descriptor." },
    { path: "config.md", text: "# Configuration\n\nPut tasks in deno.json at the root." },
    { path: "cli.md", text: "# Pushing\n\nUse --force-with-lease rather than --force." },
  ],
}]);
const { app } = appFor(manifest);

Deno.test("identifiers: the document with the whole identifier comes first", async () => {
  for (
    const [query, first] of [
      ["pg_class", "catalog"],
      ["open(2)", "syscalls"],
      ["deno.json", "config"],
      ["--force", "cli"],
    ]
  ) {
    const r = await callTool(app, "search", { query });
    const uris = r.structuredContent.results.map((x: { uri: string }) => x.uri);
    assert.equal(uris[0], `acdc://docs/${first}`, `${query}: ${uris.join(", ")}`);
    assert.equal(r.structuredContent.unmatched, undefined, `${query}: every part matched`);
  }
});

Deno.test("identifiers: parts still find documents that only have the parts", async () => {
  const r = await callTool(app, "search", { query: "pg class" });
  const uris = r.structuredContent.results.map((x: { uri: string }) => x.uri);
  assert.ok(uris.includes("acdc://docs/classes"), uris.join(", "));
  assert.ok(uris.includes("acdc://docs/catalog"), uris.join(", "));
  const unknown = await callTool(app, "search", { query: "pg_stats" });
  assert.ok(
    unknown.structuredContent.results.length > 0,
    "an identifier no document has adds nothing: its parts still match",
  );
});

Deno.test("identifiers: a word typed joined finds the identifier it joins", async () => {
  const joined = appFor(
    await manifestOf([{
      name: "docs",
      description: "",
      files: [
        { path: "picking.md", text: "# Picking\n\nUse cherry-pick to apply one commit elsewhere." },
        { path: "users.md", text: "# Users\n\nSet user_name in the profile." },
        { path: "orchards.md", text: "# Orchards\n\nWhere the trees grow." },
      ],
    }]),
  ).app;
  for (const [query, first] of [["cherrypick", "picking"], ["username", "users"]]) {
    const r = await callTool(joined, "search", { query });
    const uris = r.structuredContent.results.map((x: { uri: string }) => x.uri);
    assert.deepEqual(uris, [`acdc://docs/${first}`], query);
  }
});
