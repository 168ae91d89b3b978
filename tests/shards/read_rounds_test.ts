/**
 * How many rounds of reads a search over a sharded build waits for, one after the other (each
 * costs an edge isolate a fetch from the CDN): the shards are read through a source that holds
 * every read until the isolate has nothing else to do, then answers all it holds at once — one
 * round.
 */
import assert from "node:assert/strict";
import type { Manifest } from "../../src/content/manifest.ts";
import { createEdgeApp } from "../../src/edge_app.ts";
import { abbreviationHeads } from "../../src/search/expansion_rules.ts";
import type { SearchIndexData } from "../../src/search/search_index.ts";
import type { ShardLists } from "../../src/shards/name_pages.ts";
import type { ShardRoot } from "../../src/shards/shard_root.ts";
import { shardSource } from "../../src/shards/shard_source.ts";
import { shardedCorpus, shardedManifest } from "./sharded_corpus.ts";
import { generateCorpus } from "../../scripts/bench/generate_corpus.ts";
import { shardLists } from "./shard_lists.ts";
import { manifestOf, ROOT, rpc } from "../helpers.ts";

const NO_ENV = () => undefined;

/** A turn of the event loop: what a read answered has been handled once a few have passed. */
const turn = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * A source over `files` that holds each read; once no new read has come for a few turns, it
 * answers every read it holds (a round). `failing` shards fail their next read.
 */
function heldSource(files: ReadonlyMap<string, string>) {
  let held: { name: string; answer: () => void }[] = [];
  let releasing = false;
  const state = { rounds: [] as string[][], reads: [] as string[], failing: new Set<string>() };
  const release = async () => {
    let seen = -1;
    while (seen !== held.length) {
      seen = held.length;
      for (let i = 0; i < 5; i++) await turn();
    }
    releasing = false;
    const batch = held;
    held = [];
    state.rounds.push(batch.map((read) => read.name));
    for (const read of batch) read.answer();
  };
  const source = shardSource("memory", (name) =>
    new Promise<Uint8Array>((resolve, reject) => {
      state.reads.push(name);
      held.push({
        name,
        answer() {
          const text = files.get(name);
          if (state.failing.delete(name) || text === undefined) reject(new Error("HTTP 503"));
          else resolve(new TextEncoder().encode(text));
        },
      });
      if (!releasing) {
        releasing = true;
        void release();
      }
    }));
  return { source, state };
}

/**
 * The kinds of shards `names` are, in order, each once: `postings details` (the kinds of
 * `ShardLists`, `manifest`, `index` and `namePages`).
 */
function kinds(root: ShardRoot, lists: ShardLists, names: readonly string[]): string {
  const all: [string, readonly string[]][] = [
    ["manifest", root.manifest],
    ["index", root.index],
    ["namePages", root.names.pages],
    ...Object.entries(lists),
  ];
  const of = (name: string) => all.find(([, list]) => list.includes(name))?.[0] ?? name;
  return [...new Set(names.map(of))].sort().join(" ");
}

function apps(
  manifest: Manifest,
  index: SearchIndexData,
  root: ShardRoot,
  files: Map<string, string>,
) {
  const lists = shardLists(root, files);
  const { source, state } = heldSource(files);
  const sharded = createEdgeApp({
    env: NO_ENV,
    manifest: { shards: root },
    index: () => Promise.reject(new Error("a sharded app imports no index module")),
    shardSource: source,
  });
  const whole = createEdgeApp({ env: NO_ENV, manifest, index: () => Promise.resolve(index) });
  // The rounds one call waits for, its answer checked against the unsharded app's.
  const ask = async (name: string, args: Record<string, unknown>) => {
    const params = { name, arguments: args };
    const from = state.rounds.length;
    const answer = await rpc(sharded, "tools/call", params);
    const rounds = state.rounds.slice(from).map((batch) => kinds(root, lists, batch));
    assert.deepEqual(answer, await rpc(whole, "tools/call", params), JSON.stringify(params));
    return { answer, rounds };
  };
  // Waits until the reads an isolate makes in the background (from its second search on) are done.
  const settle = async () => {
    for (let count = -1; count !== state.reads.length;) {
      count = state.reads.length;
      for (let i = 0; i < 20; i++) await turn();
    }
  };
  return { sharded, whole, state, ask, settle };
}

const { manifest, index, root, files, lists } = await shardedCorpus("tldr");

/** The rounds of a cold isolate's first search of `query` (its answer checked as `ask` does). */
async function coldSearchRounds(query: string): Promise<string[]> {
  const { sharded, whole, ask } = apps(manifest, index, root, files);
  try {
    return (await ask("search", { query })).rounds;
  } finally {
    sharded.shutdown();
    whole.shutdown();
  }
}

Deno.test("rounds: a warm search of new words waits for its postings, then for one round of everything else", async () => {
  const { sharded, whole, state, ask, settle } = apps(manifest, index, root, files);
  await ask("search", { query: "ls" });
  // From the second search on, the rest of the dictionary and the name ranges are read in the
  // background, a volume of each a search, until all are (the last name shard is the last volume
  // of the name ranges). New questions: a repeated one is answered from the result cache.
  const rest = [...lists.dictionaryVolumes, ...lists.documentStats, lists.documentNames.at(-1)!];
  const words = ["cat", "tar", "git", "grep", "curl", "ssh", "find", "sed", "awk", "docker"];
  for (const query of words) {
    if (rest.every((name) => state.reads.includes(name))) break;
    await ask("search", { query });
    await settle();
  }
  for (const name of rest) {
    assert.ok(state.reads.includes(name), name);
  }
  // The evaluation's questions, each of words of its own as a rule: commands whose names are the
  // question (the exact-name rule's), several words (the phrase rule reads its candidates'
  // details), misspelled words (their suggestions read postings and a body).
  const { cases } = JSON.parse(
    await Deno.readTextFile(`${ROOT}/tests/eval/fixtures/tldr.json`),
  ) as { cases: { query: string }[] };
  let postingsFirst = 0;
  for (const { query } of cases) {
    const { rounds } = await ask("search", { query });
    assert.ok(rounds.length <= 2, `${query}: ${rounds.join(" | ")}`);
    if (rounds.length === 2) {
      assert.equal(rounds[0], "postings", `${query}: ${rounds.join(" | ")}`);
      postingsFirst++;
    }
  }
  assert.ok(postingsFirst >= 5, `${postingsFirst} questions read postings first`);
  sharded.shutdown();
  whole.shutdown();
});

Deno.test("rounds: a failed read of the hits' body ranges (bodies and sections) or details read with the details is the search's error, then read again", async () => {
  const { sharded, whole, state, ask, settle } = apps(manifest, index, root, files);
  await ask("search", { query: "ls" });
  await settle();
  for (
    const [list, query] of [
      [lists.bodies, "find files by name under a directory"],
      [lists.details, "generate ssh keys"],
    ] as const
  ) {
    for (const name of list) state.failing.add(name);
    const params = { name: "search", arguments: { query } };
    const failed = await rpc(sharded, "tools/call", params);
    state.failing.clear();
    assert.equal(failed.result?.isError, true, JSON.stringify(failed).slice(0, 300));
    assert.match(failed.result.content[0].text, /could not be read from memory \(HTTP 503\)/);
    // Nothing of the failure is kept: the next call reads the shards again and answers.
    assert.deepEqual(
      (await ask("search", { query })).answer,
      await rpc(whole, "tools/call", params),
    );
  }
  sharded.shutdown();
  whole.shutdown();
});

Deno.test("rounds: a cold isolate's first search reads every stats range in the round of its dictionary ranges, not after its postings", async () => {
  const { sharded, whole, state, ask } = apps(manifest, index, root, files);
  const { rounds } = await ask("search", { query: "compress files" });
  const first = rounds.findIndex((kinds) => kinds.includes("documentStats"));
  assert.ok(first >= 0 && rounds[first]!.includes("dictionary"), rounds.join(" | "));
  assert.deepEqual(
    state.reads.filter((name) => lists.documentStats.includes(name)).toSorted(),
    lists.documentStats.toSorted(),
  );
  sharded.shutdown();
  whole.shutdown();
});

Deno.test("rounds: a cold isolate's first search reads the name ranges of its query's names only, with its postings", async () => {
  // "brew install", "docker build": the two-term names that begin with their first word (as
  // typed or completed) are in two ranges, both read with the query's own.
  for (
    const query of [
      "tar",
      "compress files",
      "generate ssh keys",
      "git",
      "brew install",
      "docker build",
    ]
  ) {
    const { sharded, whole, state, ask } = apps(manifest, index, root, files);
    const { rounds } = await ask("search", { query });
    const names = state.reads.filter((name) => lists.documentNames.includes(name));
    // One or two ranges of many (those of the names with as many terms as the query whose
    // first term is one of the first word's expansions), never in a round of their own.
    assert.ok(names.length > 0 && names.length <= 2, `${query}: ${names.length} name ranges`);
    assert.ok(lists.documentNames.length > 20);
    const alone = rounds.findIndex((kinds) => kinds === "documentNames");
    assert.equal(alone, -1, `${query}: ${rounds.join(" | ")}`);
    sharded.shutdown();
    whole.shutdown();
  }
});

Deno.test("rounds: a cold isolate's first search reads no name page the root holds, and those it does not hold in the round of its manifest", async () => {
  assert.ok(root.names.pages.length >= 1 && root.names.first?.length === root.names.pages.length);
  // The same root holding none of its pages (`PAGES_IN_ROOT`).
  const { first: _, ...names } = root.names;
  for (const [held, from] of [[true, root], [false, { ...root, names }]] as const) {
    for (const query of ["tar", "compress files", "generate ssh keys"]) {
      const { sharded, whole, state, ask } = apps(manifest, index, from, files);
      const { rounds } = await ask("search", { query });
      // The root names no shard but its manifest's, its index's and its pages: every other name
      // comes from a page, held in the root or read with the manifest (which a first search
      // waits for anyway), as is the index.
      const first = held ? "index manifest" : "index manifest namePages";
      assert.equal(rounds[0], first, `${query}: ${rounds.join(" | ")}`);
      assert.ok(!rounds.slice(1).some((kinds) => kinds.includes("namePages")), rounds.join(" | "));
      const pagesRead = state.reads.filter((name) => root.names.pages.includes(name));
      const expected = held ? [] : root.names.pages.toSorted();
      assert.deepEqual(pagesRead.toSorted(), expected, "each page read once");
      sharded.shutdown();
      whole.shutdown();
    }
  }
});

Deno.test("rounds: a cold isolate reads the index in the round of its manifest; a failed read of it is read again by the search", async () => {
  let readAhead = 0;
  for (const failing of [false, true]) {
    const { sharded, whole, state, ask } = apps(manifest, index, root, files);
    if (failing) { for (const name of root.index) state.failing.add(name); }
    const { answer, rounds } = await ask("search", { query: "tar" });
    assert.equal(answer.result.isError, undefined);
    const label = `${failing ? "failing" : "read"}: ${rounds.join(" | ")}`;
    assert.equal(rounds[0], "index manifest", label);
    if (failing) {
      // Its second read is the search's own, a round more, with nothing else to wait for.
      assert.equal(rounds[1], "index", label);
      assert.equal(rounds.length, readAhead + 1, label);
    } else {
      assert.ok(!rounds.slice(1).some((kinds) => kinds.includes("index")), label);
      readAhead = rounds.length;
    }
    // A later search reads no index.
    const reads = state.reads.filter((name) => root.index.includes(name)).length;
    assert.equal(reads, failing ? 2 : 1, label);
    await ask("search", { query: "extract archive" });
    assert.equal(state.reads.filter((name) => root.index.includes(name)).length, reads, label);
    sharded.shutdown();
    whole.shutdown();
  }
});

Deno.test("rounds: a first request that reads documents but never searches reads the index ahead, once", async () => {
  const { sharded, whole, state, ask } = apps(manifest, index, root, files);
  const { rounds } = await ask("list_articles", { limit: 3 });
  assert.equal(rounds[0], "index manifest", rounds.join(" | "));
  await ask("search", { query: "compress files" });
  assert.equal(state.reads.filter((name) => root.index.includes(name)).length, 1);
  sharded.shutdown();
  whole.shutdown();
});

Deno.test("rounds: a cold isolate's first search of a word whose completions span many ranges reads dictionary ranges in one round", async () => {
  // "git" completes to terms in several ranges of tldr's dictionary: their places and counts are
  // read with the completions, in the range "git" falls in, not in a round of their own.
  for (const query of ["git", "docker compose"]) {
    const rounds = await coldSearchRounds(query);
    const dictionaryRounds = rounds.filter((kinds) => kinds.split(" ").includes("dictionary"));
    assert.equal(dictionaryRounds.length, 1, `${query}: ${rounds.join(" | ")}`);
  }
});

Deno.test("rounds: a cold isolate's first search reads the postings of its words' abbreviations with its words' own", async () => {
  // Each has an abbreviation the dictionary holds ("user" for "userrepo") whose postings are in
  // another chunk than the word's: read in the round of the dictionary, not in one after it.
  const terms = new Set(index.terms);
  for (const query of ["interleaf", "outputgraph", "userrepo"]) {
    assert.ok(abbreviationHeads(query).some((head) => terms.has(head)), query);
    const rounds = await coldSearchRounds(query);
    const postingsRounds = rounds.filter((kinds) => kinds.split(" ").includes("postings"));
    assert.equal(postingsRounds.length, 1, `${query}: ${rounds.join(" | ")}`);
  }
});

Deno.test("rounds: a cold isolate's first search reads a heavy term's postings with its dictionary range", async () => {
  // Generated pages where the commonest words are in every page, several times: each fills a
  // postings chunk, so the dictionary range holding them spans more chunks than are read on
  // trust; the root lists them with their places.
  const generated = await manifestOf([
    { name: "gen", description: "generated", files: generateCorpus(3_000) },
  ]);
  const built = await shardedManifest(generated);
  const heavy = built.index.terms.filter((_, i) => built.index.postings[i]!.length >= 16_384);
  assert.ok(heavy.includes("agent") && heavy.includes("archiv"), heavy.join(" "));
  for (const query of ["agent", "archive agent 1234", "agen"]) {
    const { sharded, whole, ask } = apps(generated, built.index, built.root, built.shards);
    const { rounds } = await ask("search", { query });
    sharded.shutdown();
    whole.shutdown();
    const dictionary = rounds.findIndex((kinds) => kinds.split(" ").includes("dictionary"));
    const postings = rounds.findLastIndex((kinds) => kinds.split(" ").includes("postings"));
    assert.equal(postings, dictionary, `${query}: ${rounds.join(" | ")}`);
  }
});

Deno.test("rounds: a cold isolate's first search reads the postings of its words' completions with its dictionary ranges", async () => {
  // Each one's completions run past the dictionary range it falls in, into chunks after its own
  // range's (at most three in all): read ahead with it.
  for (const query of ["imag", "file"]) {
    const rounds = await coldSearchRounds(query);
    const dictionary = rounds.findIndex((kinds) => kinds.split(" ").includes("dictionary"));
    const postings = rounds.findLastIndex((kinds) => kinds.split(" ").includes("postings"));
    assert.equal(postings, dictionary, `${query}: ${rounds.join(" | ")}`);
  }
});
