import assert from "node:assert/strict";
import { termOf, wordsOf } from "../../src/search/analyzer.ts";
import { createContentStore } from "../../src/content/content_store.ts";
import { buildIndexFor, createSearchEngine } from "../../src/search/search_engine.ts";
import { type FieldWeights, importSearchIndex } from "../../src/search/search_index.ts";
import { bestWindow } from "../../src/search/snippet.ts";
import { wordPositions } from "../../src/search/word_positions.ts";
import { buildFolder, CORPORA, manifestOf } from "../helpers.ts";

const W: FieldWeights = { name: 2, keywords: 3, description: 1, content: 1 };

/** The terms of every word of a text, by the definition (the analyzer's word scan). */
function bodyTerms(text: string): Set<string> {
  const terms = new Set<string>();
  for (const [word] of wordsOf(text)) {
    const term = termOf(word);
    if (term !== "") terms.add(term);
  }
  return terms;
}

Deno.test("engine: a hit's mayHold says false only for terms its body does not hold", async () => {
  // ASDLC: 62 of 64 bodies link to other documents as `acdc://docs/…`, whose scheme and source
  // name the index leaves out but a snippet reads.
  const { manifest } = await buildFolder(`${CORPORA}/asdlc`);
  const store = createContentStore(manifest);
  await store.loadBodies(store.documents);
  const engine = createSearchEngine(store, buildIndexFor(store));
  const termsOf = new Map(store.documents.map((d) => [d, bodyTerms(store.body(d))]));
  const queries = [
    ...store.documents.map((d) => d.title),
    "acdc docs links",
    "contxt enginering specifcation", // typos: one-edit variants
    "agent spec driven development review",
  ];
  let skipped = 0;
  let checked = 0;
  for (const query of queries) {
    const { hits, groups } = await engine.query(query, { weights: W, limit: 64 });
    for (const hit of hits) {
      const held = termsOf.get(hit.doc)!;
      [...groups.keys()].forEach((term, position) => {
        checked++;
        if (held.has(term)) assert.ok(hit.mayHold(position), `${hit.doc.id} holds '${term}'`);
        else if (!hit.mayHold(position)) skipped++;
        // Link words: in the body only inside `acdc://docs/` links, never skipped.
        if (term === "acdc" || term === "doc") {
          assert.ok(hit.mayHold(position), `${hit.doc.id}: link word ${term}`);
        }
      });
    }
  }
  // Most terms of a query are not in a given body: the index says so, and they are skipped.
  assert.ok(skipped > checked / 4, `${skipped} of ${checked} skipped`);
});

Deno.test("engine: snippets are the same with and without mayHold", async () => {
  const { manifest } = await buildFolder(`${CORPORA}/asdlc`);
  const store = createContentStore(manifest);
  await store.loadBodies(store.documents);
  const engine = createSearchEngine(store, buildIndexFor(store));
  for (const query of ["context engineering", "acdc docs", "specifcation reviw", "the agent"]) {
    const { hits, groups } = await engine.query(query, { weights: W, limit: 20 });
    assert.ok(hits.length > 0, query);
    for (const { doc, mayHold } of hits) {
      const body = store.body(doc);
      const words = wordPositions.get(doc, body);
      assert.deepEqual(
        bestWindow(body, groups, { words, mayHold }),
        bestWindow(body, groups),
        `${query}: ${doc.id}`,
      );
    }
  }
});

/** Frontmatter giving a page a description of its own (not its first paragraph). */
const ABOUT = "---\ndescription: Site files\n---\n";

Deno.test("engine: a word in a page's heading counts more than the same word in its body", async () => {
  const manifest = await manifestOf([{
    name: "docs",
    description: "",
    files: [
      // Both bodies say "favicon" once and are the same length; one says it in a heading.
      { path: "assets.md", text: `${ABOUT}# Assets\n\n## The favicon\n\nPut files in public.` },
      { path: "config.md", text: `${ABOUT}# Config\n\nThe favicon option.\n\nPut files in.` },
    ],
  }]);
  const store = createContentStore(manifest);
  await store.loadBodies(store.documents);
  const engine = createSearchEngine(store, buildIndexFor(store));
  const { hits } = await engine.query("favicon", { weights: W, limit: 10 });
  assert.deepEqual(hits.map((h) => h.doc.path), ["assets", "config"]);
  assert.ok(hits[0]!.score > hits[1]!.score * 1.2);
  // Without the headings field they tie: it is the heading that decides.
  const flat = await engine.query("favicon", { weights: { ...W, headings: 0 }, limit: 10 });
  assert.equal(flat.hits[0]!.score, flat.hits[1]!.score);
});

Deno.test("engine: an index whose pages are its manifest's in order is joined to them without reading an id", async () => {
  const { manifest } = await buildFolder(`${CORPORA}/asdlc`);
  const store = createContentStore(manifest);
  await store.loadBodies();
  const data = await buildIndexFor(store).export();
  // The store's documents, counting the reads of their ids.
  let idReads = 0;
  const documents = store.manifest.documents.map((doc) =>
    new Proxy(doc, {
      get: (target, key) => (key === "id" && idReads++, Reflect.get(target, key, target)),
    })
  );
  const counted = { ...store, manifest: { ...store.manifest, documents } };
  const query = (index: typeof data) =>
    createSearchEngine(counted, importSearchIndex(index)).query("context engineering", {
      weights: W,
      limit: 5,
    });
  // A sharded edge index says so (`packed_index.ts`): an engine reads no id of its documents.
  const ordered = await query({ ...data, manifestOrder: true });
  assert.equal(idReads, 0);
  idReads = 0;
  // Any other is matched to them by id, each once: the same hits.
  const matched = await query(data);
  assert.equal(idReads, documents.length);
  assert.deepEqual(
    ordered.hits.map((h) => [h.doc.id, h.score]),
    matched.hits.map((h) => [h.doc.id, h.score]),
  );
});

Deno.test("engine: joined to its manifest's documents by position, it reads none of them until a search", async () => {
  const { manifest } = await buildFolder(`${CORPORA}/asdlc`);
  const store = createContentStore(manifest);
  await store.loadBodies();
  const data = { ...await buildIndexFor(store).export(), manifestOrder: true as const };
  // The store's list of documents, counting the reads of its places.
  let read = 0;
  const documents = new Proxy(store.manifest.documents, {
    get: (target, key, receiver) => (
      typeof key === "string" && /^\d+$/.test(key) && read++, Reflect.get(target, key, receiver)
    ),
  });
  const counted = { ...store, manifest: { ...store.manifest, documents } };
  const engine = createSearchEngine(counted, importSearchIndex(data));
  // A cold isolate's first search on a large shelf makes no list of its pages first.
  assert.equal(read, 0);
  const { hits } = await engine.query("context engineering", { weights: W, limit: 5 });
  assert.ok(hits.length > 0 && read > 0);
});

Deno.test("engine: matched to its store's documents by id, it reads the store's list in one slice, not place by place", async () => {
  const { manifest } = await buildFolder(`${CORPORA}/asdlc`);
  const store = createContentStore(manifest);
  await store.loadBodies();
  const data = await buildIndexFor(store).export();
  // A list whose places cost a read each (a store's list may make each document when read:
  // `lazy_list.ts`) and whose slices are made in one call.
  let read = 0;
  let sliced = 0;
  const documents = new Proxy(store.manifest.documents, {
    get: (target, key, receiver) => {
      if (typeof key === "string" && /^\d+$/.test(key)) read++;
      if (key !== "slice") return Reflect.get(target, key, receiver);
      return (start?: number, end?: number) => (sliced++, target.slice(start, end));
    },
  });
  const counted = { ...store, manifest: { ...store.manifest, documents } };
  const engine = createSearchEngine(counted, importSearchIndex(data));
  assert.deepEqual({ read, sliced }, { read: 0, sliced: 1 });
  const { hits } = await engine.query("context engineering", { weights: W, limit: 5 });
  const plain = await createSearchEngine(store, importSearchIndex(data))
    .query("context engineering", { weights: W, limit: 5 });
  assert.deepEqual(
    hits.map((h) => [h.doc.id, h.score]),
    plain.hits.map((h) => [h.doc.id, h.score]),
  );
});

Deno.test("engine: a store holding every document's details is asked to load none of them", async () => {
  const manifest = await manifestOf([{
    name: "docs",
    description: "",
    files: [
      { path: "deploy.md", text: "# Deploy\n\nDeploy the site with the build." },
      { path: "build.md", text: "# Build\n\nThe build deploys nothing." },
    ],
  }]);
  const store = createContentStore(manifest);
  assert.equal(store.readsDetails, false);
  let loads = 0;
  const counted = {
    ...store,
    loadDocuments: (docs?: Parameters<typeof store.loadDocuments>[0]) => {
      loads++;
      return store.loadDocuments(docs);
    },
  };
  const engine = createSearchEngine(counted, buildIndexFor(store));
  const { hits } = await engine.query("deploy build", { weights: W, limit: 10 });
  assert.deepEqual(hits.map((h) => h.doc.id).sort(), ["docs/build", "docs/deploy"]);
  assert.equal(loads, 0);
});
