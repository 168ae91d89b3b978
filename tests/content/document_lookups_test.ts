import assert from "node:assert/strict";
import { createContentStore } from "../../src/content/content_store.ts";
import { createLookups } from "../../src/content/document_lookups.ts";
import type { ManifestDocument } from "../../src/content/manifest.ts";
import { buildFolder, CORPORA } from "../helpers.ts";

/** `docs` whose every read of a field in `fields` is counted. */
function counted(docs: readonly ManifestDocument[], fields: readonly string[]) {
  const reads = { count: 0 };
  const spied = docs.map((doc) =>
    new Proxy(doc, {
      get(target, key) {
        if (typeof key === "string" && fields.includes(key)) reads.count++;
        return Reflect.get(target, key, target);
      },
    })
  );
  return { spied, reads };
}

Deno.test("lookups: a document found by id or URI makes no other document's URI, path or slug", async () => {
  const { manifest } = await buildFolder(`${CORPORA}/asdlc`);
  const docs = manifest.documents;
  const { spied, reads } = counted(docs, ["uri", "path", "slug"]);
  const lookups = createLookups(spied, manifest.sources.map((s) => s.name), (d) => d.path);
  const doc = spied[7]!;
  assert.equal(await lookups.byId(doc.id), doc);
  assert.deepEqual(await lookups.lookup(doc.id), { kind: "found", doc });
  assert.equal(reads.count, 0);
  const uri = doc.uri;
  reads.count = 0;
  assert.equal(await lookups.byUri(uri), doc);
  assert.equal(reads.count, 1); // its own URI, checked
  reads.count = 0;
  assert.equal(await lookups.byUri(`${uri}.md`), undefined);
  assert.equal(await lookups.byUri("acdc://nowhere/x"), undefined);
  assert.equal(await lookups.byUri("acdc://docs/%E0%A4%A"), undefined); // no escape
  assert.equal(reads.count, 0);
  // A slug reads every document's path and slug, once.
  assert.equal((await lookups.lookup(docs[3]!.slug)).kind, "found");
  assert.equal(reads.count, docs.length * 2);
});

Deno.test("lookups: every document found by its id, URI, path and slug as by scanning them all", async () => {
  const { manifest } = await buildFolder(`${CORPORA}/asdlc`);
  const store = createContentStore(manifest);
  const docs = manifest.documents;
  for (const doc of store.manifest.documents) {
    assert.equal((await store.byId(doc.id))?.id, doc.id);
    assert.equal((await store.byUri(doc.uri))?.id, doc.id);
    assert.equal(await store.byUri(doc.uri.replace("acdc://", "acdc:///")), undefined);
    const bySlug = docs.filter((d) => d.slug === doc.slug);
    assert.equal((await store.lookup(doc.slug)).kind, bySlug.length === 1 ? "found" : "ambiguous");
  }
  // Sources whose names a URI does not spell as they are: found among every document's URIs.
  const odd = (name: string) =>
    docs.map((d) => ({
      ...d,
      id: `${name}/${d.path}`,
      source: name,
      uri: `acdc://${name}/${d.path.split("/").map(encodeURIComponent).join("/")}`,
    }));
  for (const name of ["a%41", "a/b"]) {
    const renamed = odd(name);
    const lookups = createLookups(renamed, [name], (d) => d.id);
    for (const doc of renamed) assert.equal(await lookups.byUri(doc.uri), doc);
  }
});
