/**
 * Document details in ranges (`src/content/document_details.ts`): a store over a manifest that
 * keeps them apart reads a document's range when it is first asked for it, throws a clear error
 * for a detail read before, and answers as the whole manifest once loaded — a scoped view too.
 */
import assert from "node:assert/strict";
import { buildManifest } from "../../src/build/build_manifest.ts";
import { compactManifest } from "../../src/content/compact_documents.ts";
import { createContentStore } from "../../src/content/content_store.ts";
import { detailRangeOf, splitDetails } from "../../src/content/document_details.ts";
import { splitIds } from "../../src/content/id_ranges.ts";
import { scopedStore } from "../../src/content/scoped_store.ts";

const files = (prefix: string) =>
  Array.from({ length: 6 }, (_, n) => ({
    path: `${prefix}/p${n}.md`,
    text: `---\ndescription: About ${prefix} ${n}\nkeywords: [k${n % 3}]\nkind: page\n` +
      `lastUpdated: 2026-0${1 + (n % 9)}-01\n---\n# ${prefix} ${n}\n\nText.`,
  }));

const { manifest } = await buildManifest({
  server: { name: "kb", version: "1" },
  sources: [
    { name: "open", description: "", files: files("o") },
    { name: "team", description: "", scope: "team", files: files("t") },
  ],
});

/**
 * A store over the manifest with its details in ranges of 250 bytes and its ids in id ranges of 4
 * (as a sharded build keeps them), and the ranges it reads.
 */
function rangedStore() {
  const split = splitDetails(compactManifest(manifest), 250);
  const { ranges } = split;
  const ids = splitIds(manifest.documents.map((d) => d.id), 4);
  const edge = { ...split.edge, idRangeFirsts: ids.firsts, idRangeSize: 4 };
  const reads: number[] = [];
  const idReads: number[] = [];
  let failing = false;
  const store = createContentStore(edge, {
    idRange: {
      read: (k) => {
        idReads.push(k);
        return failing ? Promise.reject(new Error("offline")) : Promise.resolve(ids.ranges[k]);
      },
      ids: (range) => (i) => (range as string[])[i]!,
    },
    detailRange: {
      read: (k) => {
        reads.push(k);
        return failing ? Promise.reject(new Error("offline")) : Promise.resolve(ranges[k]);
      },
      rows: (range) => range as never,
    },
  });
  const starts = edge.detailRangeStarts!;
  return { store, reads, idReads, starts, fail: (on: boolean) => (failing = on) };
}

Deno.test("document details: read for the documents asked for, whole once all are loaded", async () => {
  const whole = createContentStore(manifest);
  const { store, reads, starts } = rangedStore();
  assert.ok(starts.length >= 3, `${starts.length} ranges`);
  const doc = store.manifest.documents[5]!;
  // What every request needs is there at once; a detail (the title, the id too) is not, with a
  // clear error.
  assert.equal(doc.source, "open");
  assert.throws(() => doc.id, /id of document 5 read before it was loaded/);
  assert.throws(() => doc.description, /details of document 5 read before they were loaded/);
  assert.throws(() => doc.title, /details of document 5 read before they were loaded/);
  assert.throws(() => store.documents, /read before they were loaded/);
  await store.loadDocuments([doc]);
  assert.deepEqual(reads, [detailRangeOf(5, starts)]);
  // The id comes with the details.
  assert.equal(doc.id, whole.manifest.documents[5]!.id);
  assert.equal(doc.description, "About o 5");
  assert.equal(doc.title, whole.manifest.documents[5]!.title);
  assert.deepEqual(doc.keywords, ["k2"]);
  await store.loadDocuments();
  assert.deepEqual(reads.sort((a, b) => a - b), starts.map((_, k) => k));
  assert.equal(JSON.stringify(store.documents), JSON.stringify(whole.documents));
});

Deno.test("document details: a failed range read rejects, and the next load reads it again", async () => {
  const { store, reads, fail } = rangedStore();
  const doc = store.manifest.documents[0]!;
  fail(true);
  await assert.rejects(store.loadDocuments([doc]), /offline/);
  assert.throws(() => doc.url, /read before they were loaded/);
  fail(false);
  await store.loadDocuments([doc]);
  assert.deepEqual(reads, [0, 0]);
  assert.equal(doc.description, "About o 0");
});

Deno.test("document details: a scoped view loads its documents' details through the store", async () => {
  const { store } = rangedStore();
  const view = scopedStore(store, []);
  const wholeView = scopedStore(createContentStore(manifest), []);
  assert.throws(() => view.documents, /read before they were loaded/);
  await view.loadDocuments();
  assert.equal(JSON.stringify(view.documents), JSON.stringify(wholeView.documents));
  assert.deepEqual(view.documents.map((d) => d.source), Array(6).fill("open"));
});
