/**
 * A sharded build (`src/shards/`, `src/build/write_shards.ts`): the edge app over its root reads
 * each shard on first need and answers byte for byte as the unsharded app does; a failed read is
 * the tool's error and is read again next time; a private build's shards go to Netlify Blobs
 * (the file-based upload folder, uploaded to a local Blobs server as Netlify's build does) and
 * nowhere in `dist/`.
 */
import assert from "node:assert/strict";
import { BlobsServer } from "@netlify/blobs/server";
import { buildManifest } from "../../src/build/build_manifest.ts";
import { writeShards, type WriteShardsOptions } from "../../src/build/write_shards.ts";
import { bodyRangeStarts, rangeOf } from "../../src/content/body_ranges.ts";
import { createContentStore } from "../../src/content/content_store.ts";
import type { Manifest } from "../../src/content/manifest.ts";
import { createEdgeApp } from "../../src/edge_app.ts";
import { apiMembers } from "../../src/search/api_document.ts";
import { buildIndexFor, PHRASE_CANDIDATES } from "../../src/search/search_engine.ts";
import { importSearchIndex, type SearchIndexData } from "../../src/search/search_index.ts";
import { diskShardSource } from "../../src/shards/disk_shard_source.ts";
import { withLlmsFullSizes } from "../../src/site/llms_full_sizes.ts";
import { unpackManifest } from "../../src/shards/document_columns.ts";
import { twinPath } from "../../src/content/twin_path.ts";
import { detailRangeOf } from "../../src/content/document_details.ts";
import { detailRows } from "../../src/shards/detail_columns.ts";
import { type PackedIndex, unpackIndex } from "../../src/shards/packed_index.ts";
import { PAGES_IN_ROOT } from "../../src/shards/name_pages.ts";
import { isShardRoot, type ShardRoot } from "../../src/shards/shard_root.ts";
import { type InlineShards, inlineShards } from "../../src/shards/inline_shards.ts";
import { shardLists } from "./shard_lists.ts";
import { type ShardSource, shardSource } from "../../src/shards/shard_source.ts";
import { buildFromFolders } from "../../src/build/build_from_folders.ts";
import { DEFAULT_SERVER } from "../../src/build/parse_metadata.ts";
import { buildFolder, CORPORA, ROOT, rpc } from "../helpers.ts";

const NO_ENV = () => undefined;

/** The unsharded edge app: the whole manifest and index bundled. */
function wholeApp(manifest: Manifest, index: SearchIndexData) {
  return createEdgeApp({ env: NO_ENV, manifest, index: () => Promise.resolve(index) });
}

/** `root` holding none of its name pages: each read as a shard (`PAGES_IN_ROOT`). */
function pagesRead(root: ShardRoot): ShardRoot {
  const { first: _, ...names } = root.names;
  return { ...root, names };
}

/** An edge app over `root`, reading through `source` (but the shards `inline` bundles). */
function shardedApp(root: ShardRoot, source: ShardSource, inline?: InlineShards) {
  return createEdgeApp({
    env: NO_ENV,
    manifest: { shards: root, ...(inline ? { inline } : {}) },
    index: () => Promise.reject(new Error("a sharded app imports no index module")),
    shardSource: source,
  });
}

/** Shards in memory, and a source over them that records (and can fail) reads. */
async function shardsOf(
  manifest: Manifest,
  index: SearchIndexData,
  options?: WriteShardsOptions,
) {
  const files = new Map<string, string>();
  const root = await writeShards(manifest, index, [], "site", (name, text) => {
    files.set(name, text);
    return Promise.resolve();
  }, options);
  const lists = shardLists(root, files);
  const reads: string[] = [];
  // Shards that fail their next read, and shards that fail every read until taken out.
  const failing = new Set<string>();
  const broken = new Set<string>();
  const source = shardSource("memory", (name) => {
    reads.push(name);
    if (broken.has(name) || failing.delete(name)) return Promise.reject(new Error("HTTP 503"));
    const text = files.get(name);
    return text === undefined
      ? Promise.reject(new Error("no such shard"))
      : Promise.resolve(new TextEncoder().encode(text));
  });
  return { root, lists, files, source, reads, failing, broken };
}

/**
 * The body range shard of each document of `manifest` (`body_ranges.ts`), found as the runtime
 * does from the edge manifest's bound and the documents' sizes, and the bound.
 */
function bodyShards(manifest: Manifest, root: ShardRoot, files: Map<string, string>) {
  const lists = shardLists(root, files);
  const edge = unpackManifest(JSON.parse(root.manifest.map((n) => files.get(n)).join("")));
  const bound = edge.bodyRangeBytes!;
  const starts = bodyRangeStarts(manifest.documents.map((d) => d.size), bound);
  assert.equal(starts.length, lists.bodies.length);
  const numbers = new Map(manifest.documents.map((d, n) => [d.id, n]));
  const shardOf = (id: string) => lists.bodies[rangeOf(numbers.get(id)!, starts)]!;
  /** The documents in shard `name`. */
  const documentsIn = (name: string) => manifest.documents.filter((d) => shardOf(d.id) === name);
  return { shardOf, documentsIn, bound };
}

async function corpus(name: string) {
  const { manifest } = await buildFolder(`${CORPORA}/${name}`);
  const index = await buildIndexFor(createContentStore(manifest)).export();
  return { manifest, index };
}

const search = (query: string) => ({ name: "search", arguments: { query } });

for (const name of ["asdlc", "hugo-docs"]) {
  Deno.test(`shards: every evaluation question of ${name} answered byte for byte as unsharded`, async () => {
    const { manifest, index } = await corpus(name);
    const { cases } = JSON.parse(
      await Deno.readTextFile(`${ROOT}/tests/eval/fixtures/${name}.json`),
    ) as { cases: { query: string }[] };
    const whole = wholeApp(manifest, index);
    const { root, source } = await shardsOf(manifest, index);
    const sharded = shardedApp(root, source);
    const first = manifest.documents[0]!;
    const calls: [string, Record<string, unknown>][] = [
      ...cases.map((c) => ["tools/call", search(c.query)] as [string, Record<string, unknown>]),
      ["tools/call", {
        name: "search_articles",
        arguments: { query: "install", include_content: true },
      }],
      ["tools/call", { name: "read", arguments: { uri: first.uri } }],
      ["resources/read", { uri: first.uri }],
      // Sections are read with bodies (`section_chunks.ts`): the outline loads them too.
      ...manifest.documents.filter((d) => d.sections.length > 2).slice(0, 3).flatMap((d) =>
        [
          ["tools/call", { name: "table_of_contents", arguments: { filename: d.id } }],
          ["tools/call", {
            name: "read_sections",
            arguments: { filename: d.id, section_ids: [d.sections[1]!.id] },
          }],
        ] as [string, Record<string, unknown>][]
      ),
    ];
    for (const [method, params] of calls) {
      const expected = JSON.stringify(await rpc(whole, method, params));
      assert.ok(expected.includes('"result"'), expected.slice(0, 200));
      assert.equal(
        JSON.stringify(await rpc(sharded, method, params)),
        expected,
        JSON.stringify(params),
      );
    }
    whole.shutdown();
    sharded.shutdown();
  });
}

const JAVA_UTIL_CONCURRENT = "/usr/share/doc/openjdk-17-doc/api/java.base/java/util/concurrent";
const HAS_JAVA = await Deno.stat(`${JAVA_UTIL_CONCURRENT}/Future.html`).then(
  () => true,
  () => false,
);

/** Shelves whose every field of the packed documents and index is used: API pages (meta, dates,
 * parts), two sources (source numbers), markdown with keywords and sections. */
const SHELVES: { name: string; ignore?: boolean; build(): Promise<Manifest> }[] = [
  { name: "hugo-docs", build: async () => (await buildFolder(`${CORPORA}/hugo-docs`)).manifest },
  {
    name: "java.util.concurrent (javadoc)",
    ignore: !HAS_JAVA,
    build: async () => (await buildFolder(JAVA_UTIL_CONCURRENT)).manifest,
  },
  {
    name: "asdlc and mkdocs-material (two sources)",
    build: async () =>
      (await buildFromFolders({
        server: { ...DEFAULT_SERVER },
        sources: [
          { name: "asdlc", description: "ASDLC", path: `${CORPORA}/asdlc` },
          { name: "mkdocs", description: "Material", path: `${CORPORA}/mkdocs-material` },
        ],
        settings: {},
        warnings: [],
      })).manifest,
  },
];

/** Every tool of every profile (but `openai`, on its own endpoint) and the resources, on `manifest`. */
function everyCall(manifest: Manifest): [string, Record<string, unknown>][] {
  const docs = manifest.documents;
  const spread = [0, 1, 2, 3, 4].map((k) => docs[Math.floor((k * docs.length) / 5)]!);
  const sectioned = docs.find((d) => d.sections.length > 2) ?? docs[0]!;
  const category = docs.map((d) => d.category).find(Boolean);
  const tool = (name: string, args: Record<string, unknown>) =>
    ["tools/call", { name, arguments: args }] as [string, Record<string, unknown>];
  return [
    ["tools/list", {}],
    ["resources/list", {}],
    ["prompts/list", {}],
    tool("list_articles", {}),
    tool("list_articles", { offset: 7, limit: 9 }),
    ...(category ? [tool("list_articles", { category, limit: 50 })] : []),
    tool("list_documentation_files", {}),
    ...spread.flatMap((d) => [
      tool("search", { query: d.title }),
      tool("search", { query: d.title, source: d.source }),
      tool("search_articles", { query: `${d.title} ${d.description}`.slice(0, 200) }),
      ...(d.category ? [tool("search_articles", { query: d.title, category: d.category })] : []),
      tool("search_documentation", { query: d.title, max_results: 7 }),
      tool("search_documents", { query: d.title }),
      tool("get_article", { slug: d.id }),
      tool("get_document", { document_id: d.id }),
      tool("read", { uri: d.uri }),
      ["resources/read", { uri: d.uri }] as [string, Record<string, unknown>],
    ]),
    tool("search", { query: "no such wordd anywheere" }),
    tool("table_of_contents", { filename: sectioned.id }),
    tool("read_sections", { filename: sectioned.id, section_ids: [sectioned.sections[1]!.id] }),
  ];
}

for (const shelf of SHELVES) {
  Deno.test({
    name: `shards: every tool and resource of ${shelf.name} answered byte for byte as unsharded`,
    ignore: shelf.ignore === true,
    async fn() {
      const built = await shelf.build();
      const manifest: Manifest = {
        ...built,
        settings: {
          ...built.settings,
          profiles: ["articles", "acdc", "sections", "techdoc", "mcp-serve"],
        },
      };
      const index = await buildIndexFor(createContentStore(manifest)).export();
      const whole = wholeApp(manifest, index);
      const { root, lists, source, files } = await shardsOf(manifest, index);
      // What a cold isolate reads of every document is packed: the documents as columns, the
      // index without the ids the manifest has, nor its documents' names, lengths and inbound
      // counts, which are in ranges.
      const text = (names: string[]) => names.map((n) => files.get(n)).join("");
      const { columns } = JSON.parse(text(root.manifest)).documentColumns;
      // Of each document's id and title, a cold isolate reads neither: both come with the
      // document's details, when it answers with that document, and the ids are in id ranges,
      // front-coded (a sorted list of paths shares their beginnings), for the look-ups.
      assert.deepEqual([columns.n, columns.i], [undefined, undefined]);
      const plainIds = JSON.stringify(manifest.documents.map((d) => d.id)).length;
      const idRanges = lists.ids.map((n) => JSON.parse(files.get(n)!));
      assert.ok(idRanges.every((range) => "r" in range), "ids front-coded");
      assert.ok(text(lists.ids).length < plainIds * 0.8, `${plainIds} bytes of ids`);
      const edgeIndex = JSON.parse(text(root.index)) as PackedIndex;
      assert.equal(edgeIndex.ids, undefined);
      assert.deepEqual([edgeIndex.inbound, edgeIndex.names, edgeIndex.lengths], [
        undefined,
        undefined,
        undefined,
      ]);
      assert.ok(lists.documentStats.length > 0 && lists.documentNames.length > 0);
      for (const [method, params] of everyCall(manifest)) {
        // A cold isolate for each call, and one warm isolate for all.
        const cold = shardedApp(root, source);
        const expected = JSON.stringify(await rpc(whole, method, params));
        assert.ok(
          expected.includes('"result"'),
          `${JSON.stringify(params)}: ${expected.slice(0, 200)}`,
        );
        assert.equal(
          JSON.stringify(await rpc(cold, method, params)),
          expected,
          JSON.stringify(params),
        );
        cold.shutdown();
      }
      // The site files (which list and describe every document), each on a cold isolate.
      const category = manifest.documents.map((d) => d.category).find(Boolean);
      const paths = ["/llms.txt", "/llms-full.txt", twinPath(manifest.documents[1]!)];
      if (category) paths.push(`/_shelf/md/${manifest.sources[0]!.name}/${category}/index.md`);
      for (const path of paths) {
        const cold = shardedApp(root, source);
        const expected = await whole.request(`https://kb.example${path}`);
        const answer = await cold.request(`https://kb.example${path}`);
        assert.equal(answer.status, expected.status, path);
        assert.equal(await answer.text(), await expected.text(), path);
        cold.shutdown();
      }
      const warm = shardedApp(root, source);
      for (const [method, params] of everyCall(manifest)) {
        assert.equal(
          JSON.stringify(await rpc(warm, method, params)),
          JSON.stringify(await rpc(whole, method, params)),
          JSON.stringify(params),
        );
      }
      warm.shutdown();
      whole.shutdown();
    },
  });
}

Deno.test({
  name:
    "shards: a multi-word search of API pages reads no body range but its hits' (the phrase rule reads the member names in the detail ranges), answering as unsharded",
  ignore: !HAS_JAVA,
  async fn() {
    const { manifest } = await buildFolder(JAVA_UTIL_CONCURRENT);
    const index = await buildIndexFor(createContentStore(manifest)).export();
    const whole = wholeApp(manifest, index);
    const { root, lists, source, reads, files } = await shardsOf(manifest, index);
    const named = manifest.documents.filter((d) => apiMembers(d) !== undefined);
    assert.ok(named.length > 20, `${named.length} API pages with members`);
    // `<type> <member>` of every fifth such page, and a member with another page's type.
    const questions = named.filter((_, k) => k % 5 === 0).map((d) => {
      const [type, member] = apiMembers(d)!.split(" ");
      return `${type} ${member}`;
    });
    questions.push(`${questions[0]!.split(" ")[0]} ${questions[1]!.split(" ")[1]}`);
    const byUri = new Map(manifest.documents.map((d) => [d.uri, d.id]));
    const { shardOf } = bodyShards(manifest, root, files);
    // On a cold isolate each, then on one warm isolate.
    const warm = shardedApp(root, source);
    for (const app of [undefined, warm]) {
      for (const question of questions) {
        const isolate = app ?? shardedApp(root, source);
        const from = reads.length;
        const answer = await rpc(isolate, "tools/call", search(question));
        assert.equal(
          JSON.stringify(answer),
          JSON.stringify(await rpc(whole, "tools/call", search(question))),
          question,
        );
        // Body ranges (each with its documents' sections): those of its hits, and of the
        // candidates the phrase rule may lift, read ahead with them; never by the phrase rule.
        const rangesRead = new Set(reads.slice(from).filter((n) => lists.bodies.includes(n)));
        assert.ok(rangesRead.size <= PHRASE_CANDIDATES, `${rangesRead.size} body ranges`);
        const shown = answer.result.structuredContent.results.map((r: { uri: string }) =>
          shardOf(byUri.get(r.uri)!)
        );
        if (!app) assert.deepEqual(shown.filter((n: string) => !rangesRead.has(n)), [], question);
        if (!app) isolate.shutdown();
      }
    }
    warm.shutdown();
    whole.shutdown();
    // Every API page's member names are in its detail range, as its sections give them.
    const edge = unpackManifest(JSON.parse(root.manifest.map((n) => files.get(n)).join("")));
    const starts = edge.detailRangeStarts!;
    const rows = lists.details.flatMap((
      name,
      k,
    ) => [...detailRows(JSON.parse(files.get(name)!), k)]);
    assert.equal(rows.length, manifest.documents.length);
    manifest.documents.forEach((doc, n) => {
      assert.equal(edge.compactDocuments![n]!.a, undefined, doc.id);
      assert.equal(rows[n]!.a, apiMembers(doc), `${doc.id} in range ${detailRangeOf(n, starts)}`);
    });
  },
});

Deno.test("shards: a cold search reads the root's manifest and index, the dictionary ranges and postings shards of its words and the body ranges of its hits, then the rest of the dictionary", async () => {
  const { manifest, index } = await corpus("hugo-docs");
  const { root, lists, source, reads, files } = await shardsOf(manifest, index);
  assert.ok(
    lists.postings.length > 3 && lists.bodies.length > 10,
    `${lists.postings.length} postings shards`,
  );
  const app = shardedApp(root, source);
  const query = "image processing";
  const answer = await rpc(app, "tools/call", search(query));
  assert.ok(answer.result.structuredContent.results.length > 0);
  // The postings shards of the chunks holding the dictionary terms the query expands to.
  const reference = importSearchIndex(index);
  const terms = [...reference.plan(query).expansions.values()].flatMap((m) => [...m.keys()]);
  const edgeIndex = await unpackIndex(
    JSON.parse(root.index.map((n) => files.get(n)).join("")),
    manifest.documents.map((d) => d.id),
  ) as SearchIndexData;
  // Positions are the whole dictionary's, which the edge index does not hold.
  assert.deepEqual(edgeIndex.terms, []);
  const chunkOf = (term: string) => {
    const i = index.terms.indexOf(term);
    return edgeIndex.postingsChunks!.findLastIndex((s) => s <= i);
  };
  const wanted = new Set(terms.filter((t) => index.terms.includes(t)).map(chunkOf));
  const postingsRead = new Set(reads.filter((n) => lists.postings.includes(n)));
  for (const k of wanted) assert.ok(postingsRead.has(lists.postings[k]!), `postings chunk ${k}`);
  // Beside them, only those read ahead with a word's dictionary range (its terms' postings, when
  // they are in one or two chunks: `readPlan`).
  const { starts, firsts, size } = edgeIndex.dictionaryRanges!;
  const ahead = new Set<string>();
  for (const term of reference.plan(query).terms) {
    const r = firsts.findLastIndex((f) => f <= term);
    const [from, to] = [starts[r]!, (starts[r + 1] ?? size) - 1];
    const span = [from, to].map((i) => edgeIndex.postingsChunks!.findLastIndex((s) => s <= i));
    if (span[1]! - span[0]! < 2) {
      for (let k = span[0]!; k <= span[1]!; k++) ahead.add(lists.postings[k]!);
    }
  }
  for (const name of postingsRead) {
    assert.ok(wanted.has(lists.postings.indexOf(name)) || ahead.has(name), `${name} read`);
  }
  assert.equal(new Set(reads).size, reads.length, "no shard read twice");
  // The dictionary: the ranges its words and their completions fall in, a few kilobytes of it.
  const rangeOf = (term: string) => lists.dictionary[firsts.findLastIndex((f) => f <= term)]!;
  // The dictionary's own ranges (its neighbour ranges come after them: `neighbour_ranges.ts`).
  const dictionary = lists.dictionary.slice(0, firsts.length);
  const rangesRead = reads.filter((n) => dictionary.includes(n));
  for (const term of terms) assert.ok(rangesRead.includes(rangeOf(term)), term);
  const bytes = (names: string[]) => names.reduce((sum, n) => sum + files.get(n)!.length, 0);
  assert.ok(
    rangesRead.length <= 6 && bytes(rangesRead) * 20 < bytes(dictionary),
    `${rangesRead.length} of ${dictionary.length} ranges, ${bytes(rangesRead)} bytes`,
  );
  const first = [...reads];
  // A misspelled word's one-edit variants are looked up (a letter off in every place, the first
  // letter's too): on a cold isolate, more ranges, not all of them.
  const cold = shardedApp(root, source);
  const typo = await rpc(cold, "tools/call", search("imgae procesing"));
  assert.deepEqual(
    typo,
    await rpc(wholeApp(manifest, index), "tools/call", search("imgae procesing")),
  );
  // (Its own ranges and neighbour ranges: fewer in all than the dictionary's own.)
  const typoRanges = reads.slice(first.length).filter((n) => lists.dictionary.includes(n));
  assert.ok(
    typoRanges.length > rangesRead.length && typoRanges.length < dictionary.length,
    `${typoRanges.length} of ${dictionary.length} ranges`,
  );
  cold.shutdown();
  // From its second search on, an isolate reads the rest of the dictionary in volumes, in the
  // background: the later searches wait for no range.
  assert.ok(lists.dictionaryVolumes.length > 0);
  assert.ok(!lists.dictionaryVolumes.some((v) => reads.includes(v)), "volumes read by one search");
  await rpc(app, "tools/call", search("taxonomy"));
  for (
    let wait = 0;
    wait < 200 && !lists.dictionaryVolumes.every((v) => reads.includes(v));
    wait++
  ) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  assert.ok(
    lists.dictionaryVolumes.every((v) => reads.includes(v)),
    "volumes read from the second",
  );
  await new Promise((resolve) => setTimeout(resolve, 50)); // the last volume read, and kept
  const warmFrom = reads.length;
  await rpc(app, "tools/call", search("imgae procesing taxonomy shortcodes"));
  assert.deepEqual(reads.slice(warmFrom).filter((n) => lists.dictionary.includes(n)), []);
  const hits = new Set(
    answer.result.structuredContent.results.map((r: { uri: string }) => r.uri),
  );
  // Bodies and sections: each hit's range, read once for both, and those of the phrase rule's
  // candidates it may lift (read ahead with them); the manifest keeps only the titles of the pages
  // scored by parts (the part rule reads them when the engine starts).
  const bodiesRead = first.filter((n) => lists.bodies.includes(n));
  const { shardOf, documentsIn, bound } = bodyShards(manifest, root, files);
  const hitIds = [...hits].map((uri) => manifest.documents.find((d) => d.uri === uri)!.id);
  for (const id of hitIds) assert.ok(bodiesRead.includes(shardOf(id)), id);
  assert.ok(bodiesRead.length <= PHRASE_CANDIDATES, `${bodiesRead.length} bodies`);
  assert.equal(new Set(bodiesRead).size, bodiesRead.length, "each range read once");
  // A range read holds no more than the bound of bodies, or one long page alone.
  for (const name of bodiesRead) {
    const inside = documentsIn(name);
    const bytes = inside.reduce((sum, d) => sum + d.size, 0);
    assert.ok(
      inside.length === 1 || bytes <= bound,
      `${bytes} bytes of ${inside.length} documents`,
    );
  }
  assert.ok(first.includes(root.manifest[0]!) && first.includes(root.index[0]!));
  const edge = unpackManifest(JSON.parse(root.manifest.map((n) => files.get(n)).join("")));
  const paged = new Set(Array.from(index.parts ?? [], (page) => index.ids.at(page)));
  assert.ok(paged.size > 0, "hugo-docs has pages scored by their parts");
  assert.deepEqual(edge.compactDocuments!.filter((c) => c.c !== undefined), []);
  // Their titles are in their detail ranges (`document_details.ts`), which the part rule reads.
  const rows = lists.details.flatMap((name, k) => [...detailRows(JSON.parse(files.get(name)!), k)]);
  const titled = manifest.documents.filter((_, n) => rows[n]!.h !== undefined);
  assert.deepEqual(new Set(titled.map((d) => d.id)), paged);
  manifest.documents.forEach((doc, n) => {
    assert.equal(edge.compactDocuments![n]!.h, undefined);
    if (paged.has(doc.id)) assert.deepEqual(rows[n]!.h, doc.sections.map((s) => s.title));
  });
  // The same questions again read nothing.
  const before = reads.length;
  await rpc(app, "tools/call", search("imgae procesing"));
  await rpc(app, "tools/call", search(query));
  await rpc(app, "tools/call", search(`${query} `));
  assert.equal(reads.length, before);
  app.shutdown();
});

Deno.test("shards: a cold search reads the detail ranges of the hits it shows (and of the phrase and part rules' candidates), a page of the list its own and one order range, llms.txt the detail volumes", async () => {
  const { manifest: built, index } = await corpus("hugo-docs");
  const manifest = { ...built, settings: { ...built.settings, profiles: ["articles", "acdc"] } };
  const { root, lists, source, reads, files } = await shardsOf(manifest, index);
  const edge = unpackManifest(JSON.parse(root.manifest.map((n) => files.get(n)).join("")));
  const starts = edge.detailRangeStarts!;
  assert.ok(lists.details.length >= 10, `${lists.details.length} detail ranges`);
  // The edge manifest has no document's details.
  assert.deepEqual(
    edge.compactDocuments!.filter((c) => c.d !== undefined || c.m !== undefined),
    [],
  );
  const numbers = new Map(manifest.documents.map((d, n) => [d.uri, n]));
  const rangesOf = (uris: string[]) =>
    new Set(uris.map((uri) => lists.details[detailRangeOf(numbers.get(uri)!, starts)]!));
  const detailsRead = (from: number) =>
    new Set(reads.slice(from).filter((n) => lists.details.includes(n)));
  const volumesRead = (from: number) =>
    new Set(reads.slice(from).filter((n) => lists.detailVolumes.includes(n)));
  const whole = wholeApp(manifest, index);
  const ask = async (params: Record<string, unknown>) => {
    const app = shardedApp(root, source);
    const from = reads.length;
    const answer = await rpc(app, "tools/call", params);
    assert.deepEqual(answer, await rpc(whole, "tools/call", params), JSON.stringify(params));
    app.shutdown();
    assert.deepEqual(volumesRead(from), new Set(), "a search reads no volume");
    return { answer, read: detailsRead(from) };
  };
  // One word (no phrase rule): the ranges of the hits it shows, and of no other page but those
  // scored by their parts (the part rule reads their section titles).
  const ids = manifest.documents.map((d) => d.id);
  const paged = new Set(
    Array.from(
      index.parts ?? [],
      (page) => lists.details[detailRangeOf(ids.indexOf(index.ids.at(page)!), starts)]!,
    ),
  );
  assert.ok(paged.size < lists.details.length / 2, `${paged.size} ranges with parted pages`);
  for (const query of ["taxonomy", "shortcodes", "pagination"]) {
    const { answer, read } = await ask(search(query));
    const shown = rangesOf(
      answer.result.structuredContent.results.map((r: { uri: string }) => r.uri),
    );
    assert.ok(shown.size > 0, query);
    for (const range of shown) assert.ok(read.has(range), query);
    for (const range of read) assert.ok(shown.has(range) || paged.has(range), query);
  }
  // More words: the phrase rule's candidates' too (30 documents at most), not every range.
  const { answer, read } = await ask(search("image processing filters"));
  const shown = answer.result.structuredContent.results.map((r: { uri: string }) => r.uri);
  for (const range of rangesOf(shown)) assert.ok(read.has(range));
  assert.ok(read.size <= 30 && read.size < lists.details.length, `${read.size} ranges`);
  // A page of the list reads the order range holding it (`list_order.ts`; a category's, every
  // one) and its articles' detail ranges, no volume and no other range, and answers whole.
  const category = manifest.documents[manifest.documents.length >> 1]!.category;
  assert.ok(lists.order.length > 0);
  for (const args of [{ limit: 50 }, { limit: 20, offset: 900 }, { category, limit: 10 }]) {
    const app = shardedApp(root, source);
    const from = reads.length;
    const params = { name: "list_articles", arguments: args };
    const list = await rpc(app, "tools/call", params);
    assert.deepEqual(list, await rpc(whole, "tools/call", params));
    const shown = list.result.structuredContent.articles.map((a: { uri: string }) => a.uri);
    assert.ok(shown.length > 0, JSON.stringify(args));
    assert.deepEqual(detailsRead(from), rangesOf(shown), JSON.stringify(args));
    assert.deepEqual(volumesRead(from), new Set(), JSON.stringify(args));
    const order = reads.slice(from).filter((n) => lists.order.includes(n));
    assert.equal(order.length, "category" in args ? lists.order.length : 1, JSON.stringify(args));
    app.shutdown();
  }
  // What describes every document (llms.txt) reads every detail volume (the ranges again, in a
  // few shards) and no range; the isolate keeps them: a search then reads no range.
  const app = shardedApp(root, source);
  const from = reads.length;
  const llms = async (app: { serve(request: Request): Response | Promise<Response> }) =>
    await (await app.serve(new Request("https://kb.example/llms.txt"))).text();
  const text = await llms(app);
  assert.ok(text.length > 1000);
  assert.equal(text, await llms(whole));
  assert.ok(lists.detailVolumes.length > 0 && lists.detailVolumes.length < lists.details.length);
  assert.deepEqual(volumesRead(from), new Set(lists.detailVolumes));
  assert.deepEqual(detailsRead(from), new Set());
  assert.deepEqual(
    await rpc(app, "tools/call", search("taxonomy")),
    await rpc(whole, "tools/call", search("taxonomy")),
  );
  assert.deepEqual(detailsRead(from), new Set());
  app.shutdown();
  whole.shutdown();
});

Deno.test("shards: with the first shards bundled, a cold search reads none of them and answers as unsharded", async () => {
  const { manifest, index } = await corpus("hugo-docs");
  const { root, source, reads, files, broken } = await shardsOf(manifest, index);
  const inline = await inlineShards(root, (name) => Promise.resolve(files.get(name)!));
  assert.deepEqual(Object.keys(inline ?? {}), [...root.manifest, ...root.index]);
  // The store would fail them: each is read from the bundle or the call fails.
  for (const name of [...root.manifest, ...root.index]) broken.add(name);
  const app = shardedApp(root, source, inline);
  const whole = wholeApp(manifest, index);
  const doc = manifest.documents[3]!;
  try {
    for (
      const [method, params] of [
        ["tools/call", search("image processing")],
        ["tools/call", { name: "read", arguments: { uri: doc.uri } }],
        ["tools/list", {}],
      ] as const
    ) {
      assert.deepEqual(await rpc(app, method, params), await rpc(whole, method, params));
    }
    assert.ok(reads.length > 0);
    for (const name of [...root.manifest, ...root.index]) assert.ok(!reads.includes(name), name);
  } finally {
    app.shutdown();
    whole.shutdown();
  }
  // Without them the same source fails the call: the bundle is what answered.
  const unbundled = shardedApp(root, source);
  const failed = await rpc(unbundled, "tools/call", search("image processing"));
  assert.ok(failed.error !== undefined || failed.result?.isError === true, JSON.stringify(failed));
  unbundled.shutdown();
});

Deno.test("shards: a failed read is the tool's error, and the next call reads it again", async () => {
  const { manifest, index } = await corpus("asdlc");
  const whole = wholeApp(manifest, index);
  const { root, lists, source, failing, broken, reads } = await shardsOf(manifest, index);
  const app = shardedApp(root, source);
  // Every postings shard fails for now (a search may read a word's postings twice: with its
  // dictionary range, and after it): the first search cannot read its words.
  for (const name of lists.postings) broken.add(name);
  const params = search("context engineering");
  const failed = await rpc(app, "tools/call", params);
  broken.clear();
  assert.equal(failed.result?.isError, true, JSON.stringify(failed).slice(0, 300));
  assert.match(
    failed.result.content[0].text,
    /could not be read from memory \(HTTP 503\); try again/,
  );
  // Nothing of the failure is kept: not the answer, not the shard, not the engine.
  assert.deepEqual(await rpc(app, "tools/call", params), await rpc(whole, "tools/call", params));
  /**
   * On a cold isolate, `call` with `names` failing (`fails`: once each, or every read) is a tool
   * error saying the shard could not be read; once they read again it answers as the whole index.
   */
  const failsThenAnswers = async (
    names: readonly string[],
    call: { name: string; arguments: Record<string, unknown> },
    fails = failing,
    from = root,
  ) => {
    const cold = shardedApp(from, source);
    for (const name of names) fails.add(name);
    const failed = await rpc(cold, "tools/call", call);
    assert.equal(failed.result?.isError, true, JSON.stringify(failed).slice(0, 300));
    assert.match(failed.result.content[0].text, /could not be read from memory \(HTTP 503\)/);
    fails.clear();
    assert.deepEqual(await rpc(cold, "tools/call", call), await rpc(whole, "tools/call", call));
    cold.shutdown();
  };
  // A dictionary range failing on a cold isolate fails the search the same way, then answers.
  await failsThenAnswers(lists.dictionary, params);
  // So does a stats range or a name range (`document_ranges.ts`; a name range is read again
  // after its read ahead failed: `name_ranges.ts`, so it fails every read here).
  await failsThenAnswers(lists.documentStats, params);
  await failsThenAnswers(lists.documentNames, params, broken);
  // So does a name page (`name_pages.ts`: where the root finds every shard but the manifest's
  // and the index's) of a root that does not hold it, failing every read; one that failed once,
  // when read with the manifest, is read again when a name in it is asked, and the search answers.
  const paged = pagesRead(root);
  await failsThenAnswers(root.names.pages, params, broken, paged);
  const again = shardedApp(paged, source);
  for (const name of root.names.pages) failing.add(name);
  assert.deepEqual(await rpc(again, "tools/call", params), await rpc(whole, "tools/call", params));
  assert.equal(failing.size, 0, "each page failed its read with the manifest");
  again.shutdown();
  // A body shard failing fails a read the same way, then succeeds.
  const cold = shardedApp(root, source);
  const doc = manifest.documents[0]!;
  const readParams = { name: "read", arguments: { uri: doc.uri } };
  for (const name of lists.bodies) failing.add(name);
  const readFailed = await rpc(cold, "tools/call", readParams);
  assert.equal(readFailed.result?.isError, true);
  assert.deepEqual(
    await rpc(app, "tools/call", readParams),
    await rpc(whole, "tools/call", readParams),
  );
  assert.ok(reads.length > 0);
  // A detail range failing fails a search, a list and a look-up (a document's title is in its
  // detail range) the same way, then they answer.
  failing.clear();
  const listParams = { name: "list_articles", arguments: {} };
  const lookups = [
    { name: "get_article", arguments: { slug: doc.id } },
    { name: "table_of_contents", arguments: { filename: doc.id } },
    readParams,
  ];
  for (const call of [params, listParams, ...lookups]) {
    await failsThenAnswers([...lists.details, ...lists.detailVolumes], call);
  }
  // So does an order range a page of the list (`list_order.ts`), of a category or not.
  const category = {
    name: "list_articles",
    arguments: { category: manifest.documents.find((d) => d.category !== "")!.category },
  };
  for (const call of [listParams, category]) await failsThenAnswers(lists.order, call);
  // An id range failing fails a look-up by id, file name or URI the same way, then it answers
  // (`id_ranges.ts`): nothing of the failure is kept; so does a slug range a look-up by slug
  // (`slug_ranges.ts`).
  for (const call of lookups) await failsThenAnswers(lists.ids, call);
  const bySlug = { name: "get_article", arguments: { slug: doc.slug } };
  await failsThenAnswers(lists.slugs, bySlug);
  failing.clear();
  const resource = { uri: doc.uri };
  const coldest = shardedApp(root, source);
  for (const name of [...lists.details, ...lists.detailVolumes]) failing.add(name);
  const resourceFailed = await rpc(coldest, "resources/read", resource);
  assert.match(resourceFailed.error?.message, /could not be read from memory \(HTTP 503\)/);
  failing.clear();
  assert.deepEqual(
    await rpc(coldest, "resources/read", resource),
    await rpc(whole, "resources/read", resource),
  );
  coldest.shutdown();
  // A manifest shard failing on a cold isolate fails that call the same way, then answers.
  const colder = shardedApp(root, source);
  failing.clear();
  failing.add(root.manifest[0]!);
  const manifestFailed = await rpc(colder, "tools/call", params);
  assert.equal(manifestFailed.result?.isError, true, JSON.stringify(manifestFailed).slice(0, 300));
  assert.match(manifestFailed.result.content[0].text, /could not be read from memory/);
  failing.add(root.manifest[0]!);
  const listFailed = await rpc(colder, "resources/list", {});
  assert.match(listFailed.error?.message, /could not be read from memory \(HTTP 503\); try again/);
  assert.deepEqual(await rpc(colder, "tools/call", params), await rpc(whole, "tools/call", params));
  colder.shutdown();
  app.shutdown();
  whole.shutdown();
});

Deno.test("shards: a build named in many name pages answers as unsharded, reading a page past the first ones when a name in it is needed", async () => {
  const { manifest, index } = await corpus("asdlc");
  const whole = wholeApp(manifest, index);
  // 4 names a page: the pages past the first ones are read on demand.
  const { root, lists, source, reads } = await shardsOf(manifest, index, { namesPerPage: 4 });
  assert.ok(root.names.pages.length > PAGES_IN_ROOT + 2, `${root.names.pages.length} pages`);
  const app = shardedApp(root, source);
  const calls = [
    search("context engineering"),
    search("agent memory"),
    { name: "read", arguments: { uri: manifest.documents.at(-1)!.uri } },
  ];
  for (const call of calls) {
    assert.deepEqual(await rpc(app, "tools/call", call), await rpc(whole, "tools/call", call));
  }
  const pagesRead = reads.filter((name) => root.names.pages.includes(name));
  assert.equal(new Set(pagesRead).size, pagesRead.length, "each page read once");
  // None of those the root holds; some past them.
  const held = root.names.pages.slice(0, PAGES_IN_ROOT);
  assert.ok(!pagesRead.some((name) => held.includes(name)), "a page the root holds read");
  assert.ok(pagesRead.length > 0, `${pagesRead.length} pages read`);
  assert.ok(pagesRead.length < root.names.pages.length, `${pagesRead.length} pages read`);
  // The last body range's name is in a page past the first ones.
  assert.ok(reads.includes(lists.bodies.at(-1)!));
  app.shutdown();
  whole.shutdown();
});

Deno.test("shards: a bundled root's bad shard name is refused at once, before any source sees it", async () => {
  const { manifest, index } = await corpus("asdlc");
  const { root, files } = await shardsOf(manifest, index);
  // A source that checks nothing itself: the root must be refused before any name is asked.
  const asked: string[] = [];
  const source: ShardSource = {
    where: "memory",
    read(name) {
      asked.push(name);
      const text = files.get(name);
      return text === undefined
        ? Promise.reject(new Error("no such shard"))
        : Promise.resolve(new TextEncoder().encode(text));
    },
  };
  const bad = "../../secret.json";
  const doc = manifest.documents[0]!;
  for (
    const broken of [
      { ...root, names: { ...root.names, pages: root.names.pages.map(() => bad) } },
      { ...root, manifest: [bad] },
    ]
  ) {
    const app = shardedApp(broken, source);
    const failed = await rpc(app, "tools/call", { name: "read", arguments: { uri: doc.uri } });
    // (The entry refuses a build of another layout before its first request: `edge_build.ts`.)
    assert.equal(failed.error?.code, -32603, JSON.stringify(failed));
    app.shutdown();
  }
  assert.deepEqual(asked, [], "the source never saw a name");
  // A name page that is not one (another shard in its place) is the call's error, not a crash.
  const swapped = {
    ...pagesRead(root),
    names: { ...pagesRead(root).names, pages: root.names.pages.map(() => root.index[0]!) },
  };
  const app = shardedApp(swapped, source);
  const failed = await rpc(app, "tools/call", search("context engineering"));
  assert.equal(failed.result?.isError, true, JSON.stringify(failed).slice(0, 300));
  assert.match(failed.result.content[0].text, /not a page of shard names/);
  app.shutdown();
});

/** `scripts/build.ts` with `args`, from the checkout, in `env`. */
const runBuild = (args: string[], env: Record<string, string>) =>
  new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", `${ROOT}/scripts/build.ts`, ...args],
    cwd: ROOT,
    env,
    stdout: "piped",
    stderr: "piped",
  }).output();

async function* walk(dir: string): AsyncGenerator<string> {
  for await (const entry of Deno.readDir(dir)) {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory) yield* walk(path);
    else yield path;
  }
}

const sample = JSON.parse(await Deno.readTextFile(`${ROOT}/dist/_shelf/manifest.json`)) as Manifest;
const sampleIndex = JSON.parse(
  await Deno.readTextFile(`${ROOT}/dist/_shelf/index.json`),
) as SearchIndexData;
const SAMPLE_CALLS: [string, Record<string, unknown>][] = [
  ["tools/call", search("sections")],
  ["tools/call", search("deploy netlify edge")],
  ["tools/call", { name: "read", arguments: { uri: sample.documents[0]!.uri } }],
];

Deno.test("build --shards: a root in the edge module, named shards published, answers as unsharded", async () => {
  const out = await Deno.makeTempDir();
  const run = await runBuild(
    ["--out", `${out}/dist`, "--edge-out", `${out}/edge`, "--shards"],
    { ACDC_MCP_AUTH_TYPE: "none" },
  );
  assert.equal(run.code, 0, new TextDecoder().decode(run.stderr));
  const stub = JSON.parse(await Deno.readTextFile(`${out}/edge/edge-manifest.json`));
  assert.ok(isShardRoot(stub.shards), "edge-manifest.json is the root");
  const root: ShardRoot = stub.shards;
  assert.equal(root.store, "site");
  assert.equal(root.contentHash, sample.contentHash);
  assert.match(await Deno.readTextFile(`${out}/edge/edge-bodies.ts`), /= \[\n\];/);
  const shards = `${out}/dist/_shelf/shards`;
  const pages = new Map<string, string>();
  for (const page of root.names.pages) {
    pages.set(page, await Deno.readTextFile(`${shards}/${page}`));
  }
  const lists = shardLists(root, pages);
  const names = [
    ...root.manifest,
    ...root.index,
    ...root.names.pages,
    ...lists.bodies,
    ...lists.postings,
  ];
  for (const name of names) {
    const bytes = await Deno.readFile(`${out}/dist/_shelf/shards/${name}`);
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
    const hex = Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
    assert.equal(name, `${hex.slice(0, 20)}.json`, "named by the hash of its bytes");
  }
  // The shards every first request reads are bundled too, as published.
  const inline: InlineShards = stub.inline;
  assert.deepEqual(Object.keys(inline), [...root.manifest, ...root.index]);
  for (const [name, text] of Object.entries(inline)) {
    assert.equal(text, await Deno.readTextFile(`${shards}/${name}`), name);
  }
  const app = shardedApp(root, diskShardSource(`${out}/dist/_shelf/shards`), inline);
  const whole = wholeApp(sample, sampleIndex);
  for (const [method, params] of SAMPLE_CALLS) {
    assert.deepEqual(await rpc(app, method, params), await rpc(whole, method, params));
  }
  app.shutdown();
  whole.shutdown();
  await Deno.remove(out, { recursive: true });
});

Deno.test("build --shards, private: shards in Netlify Blobs, none in dist/, read with @netlify/blobs", async () => {
  const out = await Deno.makeTempDir();
  const blobsOut = `${out}/site/.netlify/v1/blobs/deploy`;
  const build = (env: Record<string, string>) =>
    runBuild(
      ["--out", `${out}/dist`, "--edge-out", `${out}/edge`, "--blobs-out", blobsOut, "--shards"],
      env,
    );
  // A public sharded build first: the private one must take its published shards away.
  assert.equal((await build({ ACDC_MCP_AUTH_TYPE: "none" })).code, 0);
  const run = await build({ ACDC_MCP_AUTH_TYPE: "apikey", ACDC_MCP_AUTH_API_KEYS: "k" });
  assert.equal(run.code, 0, new TextDecoder().decode(run.stderr));
  const stub = JSON.parse(await Deno.readTextFile(`${out}/edge/edge-manifest.json`));
  const root: ShardRoot = stub.shards;
  assert.equal(root.store, "blobs");
  assert.deepEqual(Object.keys(stub.inline), [...root.manifest, ...root.index]);
  // Nothing published holds a shard or a document's text.
  const lines = sample.documents.map((d) => sample.bodies[d.id] ?? "")
    .map((b) => b.split("\n").find((l) => l.trim().length > 40)!.trim());
  for await (const path of walk(`${out}/dist`)) {
    assert.ok(!path.includes("/shards/"), path);
    const text = await Deno.readTextFile(path);
    for (const line of lines) assert.ok(!text.includes(line), `${path} holds a document's text`);
  }
  // Netlify's build uploads the folder to the deploy store (key: the path of each `blob`).
  const directory = `${out}/blobs-server`;
  const token = "blobs-token";
  const server = new BlobsServer({ directory, token, logger: () => {} });
  const { port } = await server.start();
  const { getDeployStore } = await import("@netlify/blobs");
  const context = {
    siteID: "9b1c5e2a-0000-4000-8000-000000000001",
    deployID: "0123456789abcdef01234567",
    token,
  };
  const upload = getDeployStore({ ...context, apiURL: `http://localhost:${port}` });
  let uploaded = 0;
  for await (const path of walk(blobsOut)) {
    if (!path.endsWith("/blob")) continue;
    const key = path.slice(blobsOut.length + 1, -"/blob".length);
    await upload.set(key, new Blob([await Deno.readFile(path)]));
    uploaded++;
  }
  assert.ok(uploaded >= 4, `${uploaded} blobs`);
  // The function reads them as on Netlify: getDeployStore() with the context the platform sets.
  const global = globalThis as { netlifyBlobsContext?: string };
  global.netlifyBlobsContext = btoa(
    JSON.stringify({ ...context, edgeURL: `http://localhost:${port}`, primaryRegion: "us-east-2" }),
  );
  const vars: Record<string, string> = { ACDC_MCP_AUTH_TYPE: "none" };
  const app = createEdgeApp({
    env: (n) => vars[n],
    manifest: stub,
    index: () => Promise.reject(new Error("no index module")),
    blobs: async () => (await import("@netlify/blobs")).getDeployStore(),
  });
  const whole = wholeApp(sample, sampleIndex);
  try {
    for (const [method, params] of SAMPLE_CALLS) {
      assert.deepEqual(await rpc(app, method, params), await rpc(whole, method, params));
    }
  } finally {
    delete global.netlifyBlobsContext;
    app.shutdown();
    whole.shutdown();
    await server.stop();
    await Deno.remove(out, { recursive: true });
  }
});

Deno.test("shards, private: llms-full.txt reads only the body shards of the documents that fit", async () => {
  // 240 pages of about 24 KB: 5.8 MB of text, past llms-full.txt's 4,000,000-byte cap.
  const files = Array.from({ length: 240 }, (_, n) => ({
    path: `p${n}.md`,
    text: `# Page ${n}\n\n` + Array.from({ length: 2600 }, (_, w) => `w${n}x${w}`).join(" "),
  }));
  const { manifest } = await buildManifest({
    server: { name: "kb", version: "1" },
    sources: [{ name: "docs", description: "", files }],
  });
  const index = await buildIndexFor(createContentStore(manifest)).export();
  const whole = wholeApp(manifest, index);
  const expected = await (await whole.request("https://kb.example/llms-full.txt")).text();
  assert.match(expected, /documents did not fit the 4000000-byte cap/);
  const { root, lists, source, reads, files: shards } = await shardsOf(
    withLlmsFullSizes(manifest),
    index,
  );
  const app = shardedApp(root, source);
  const res = await app.request("https://kb.example/llms-full.txt");
  assert.equal(res.status, 200);
  assert.equal(await res.text(), expected);
  // The pages that fit, and the body shards they are in: no other body shard is read.
  const fit = expected.split("\n---\n\n").filter((p) => p.startsWith("# Page ")).length;
  const bodies = new Set(reads.filter((n) => lists.bodies.includes(n)));
  assert.ok(fit > 100 && fit < 240, `${fit} pages fit`);
  assert.ok(
    bodies.size < lists.bodies.length,
    `${bodies.size} of ${lists.bodies.length} body shards`,
  );
  const { shardOf } = bodyShards(manifest, root, shards);
  const needed = new Set(
    manifest.documents.filter((d) => expected.includes(`# ${d.title}\n`)).map((d) => shardOf(d.id)),
  );
  assert.deepEqual(bodies, needed);
  whole.shutdown();
  app.shutdown();
});
