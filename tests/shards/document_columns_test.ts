import assert from "node:assert/strict";
import fc from "fast-check";
import { type CompactDocument, compactManifest } from "../../src/content/compact_documents.ts";
import { createContentStore } from "../../src/content/content_store.ts";
import type { Manifest } from "../../src/content/manifest.ts";
import {
  packDocuments,
  packManifest,
  unpackDocuments,
  unpackManifest,
} from "../../src/shards/document_columns.ts";
import { buildFolder, buildMultiFixture, CORPORA, ROOT } from "../helpers.ts";

const JAVA = "/usr/share/doc/openjdk-17-doc/api/java.base/java/util/concurrent";
const HAS_JAVA = await Deno.stat(JAVA).then(() => true, () => false);

/** The manifests of a few shelves, each field of a compact document used by one of them. */
async function shelves(): Promise<[string, Manifest][]> {
  const out: [string, Manifest][] = [];
  for (const name of ["asdlc", "hugo-docs", "tldr"]) {
    out.push([name, (await buildFolder(`${CORPORA}/${name}`)).manifest]);
  }
  out.push(["content", (await buildFolder(`${ROOT}/content`)).manifest]);
  out.push(["multi-source fixture", (await buildMultiFixture()).manifest]);
  if (HAS_JAVA) out.push(["java.util.concurrent", (await buildFolder(JAVA)).manifest]);
  return out;
}

Deno.test("document columns: every shelf's documents, packed and read back from JSON, are the same documents", async () => {
  for (const [name, manifest] of await shelves()) {
    const compact = compactManifest(manifest);
    const packed = JSON.parse(JSON.stringify(packManifest(compact)));
    const back = unpackManifest(packed);
    assert.equal(
      JSON.stringify(back.compactDocuments),
      JSON.stringify(compact.compactDocuments!.map((c) => JSON.parse(JSON.stringify(row(c))))),
      name,
    );
    // The store over the packed manifest holds exactly the documents of the whole one.
    assert.equal(
      JSON.stringify(createContentStore(back).manifest.documents),
      JSON.stringify(manifest.documents),
      name,
    );
    // Fewer bytes than the documents written one by one.
    const before = JSON.stringify(compact.compactDocuments).length;
    const after = JSON.stringify(packed.documentColumns).length;
    assert.ok(after < before, `${name}: ${after} of ${before}`);
  }
});

/** A compact document's fields in the order columns give them. */
function row(c: CompactDocument): CompactDocument {
  const order = ["i", "s", "f", "t", "n", "d", "k", "m", "z", "c", "h", "a", "status", "maturity"];
  const rest = ["lastUpdated", "relatedIds", "supersededBy", "url"];
  const out: Record<string, unknown> = {};
  for (const key of [...order, ...rest]) {
    const value = (c as unknown as Record<string, unknown>)[key];
    if (value !== undefined) out[key] = value;
  }
  return out as unknown as CompactDocument;
}

const metaValue = fc.oneof(fc.string(), fc.integer(), fc.boolean());
const compactDocument = fc.record({
  i: fc.string({ minLength: 1 }),
  n: fc.string(),
  d: fc.string(),
  z: fc.nat(),
  s: fc.nat(3),
  t: fc.constantFrom("html" as const, "text" as const),
  k: fc.array(fc.string(), { minLength: 1 }),
  m: fc.dictionary(fc.constantFrom("kind", "path", "owner", "m.x", "__proto__x"), metaValue, {
    minKeys: 1,
  }),
  h: fc.array(fc.string()),
  a: fc.string(),
  lastUpdated: fc.constantFrom("2026-11-28", "2025-01-01T00:00:00.000Z"),
}, { requiredKeys: ["i", "n", "d", "z"] });

Deno.test("document columns: any documents come back with every field, and meta's keys in their order", () => {
  fc.assert(
    fc.property(fc.array(compactDocument), (docs: CompactDocument[]) => {
      const back = unpackDocuments(JSON.parse(JSON.stringify(packDocuments(docs))));
      assert.equal(back.length, docs.length);
      docs.forEach((doc, n) => {
        for (const key of Object.keys(row(doc)) as (keyof CompactDocument)[]) {
          // `m` as JSON: the order of its keys is the order a document's meta is served in.
          assert.equal(JSON.stringify(back[n]![key]), JSON.stringify(doc[key]), key);
        }
      });
    }),
    { numRuns: 300 },
  );
});

Deno.test("document columns: meta keys in different orders are kept whole, in each document's order", () => {
  const docs: CompactDocument[] = [
    { i: "a", n: "A", d: "", z: 1, m: { kind: "class", path: "x.A" } },
    { i: "b", n: "B", d: "", z: 1, m: { path: "x.B", kind: "enum" } },
  ];
  const packed = packDocuments(docs);
  assert.ok("m" in packed.columns && !("m.kind" in packed.columns));
  assert.deepEqual(unpackDocuments(packed).map((d) => JSON.stringify(d.m)), [
    '{"kind":"class","path":"x.A"}',
    '{"path":"x.B","kind":"enum"}',
  ]);
  // A key `__proto__` (JSON keeps it as a key): kept whole.
  const proto = JSON.parse('[{"i":"a","n":"A","d":"","z":1,"m":{"__proto__":"x"}}]');
  const protoBack = unpackDocuments(JSON.parse(JSON.stringify(packDocuments(proto))));
  assert.equal(JSON.stringify(protoBack[0]!.m), '{"__proto__":"x"}');
  // In one order: a column a key.
  const same = packDocuments([docs[0]!, { ...docs[1]!, m: { kind: "enum", path: "x.B" } }]);
  assert.ok("m.kind" in same.columns && "m.path" in same.columns && !("m" in same.columns));
});

Deno.test("document columns: a damaged manifest's columns are an error naming the column", () => {
  const bad = { contentHash: "h", documentColumns: { count: 2, columns: { i: ["a"] } } };
  assert.throws(() => unpackManifest(bad), /Invalid manifest: document column i has 1 of 2/);
  assert.throws(
    () => unpackManifest({ documentColumns: { count: 1, columns: { zz: [1] } } }),
    /Invalid manifest: document column zz is not a field/,
  );
  assert.throws(() => unpackManifest({ documentColumns: { count: -1, columns: {} } }), /count/);
  // A manifest without columns is left as it is.
  const plain = { contentHash: "h", documents: [] };
  assert.equal(unpackManifest(plain), plain);
});
