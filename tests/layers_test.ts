/**
 * The folders of `src/` form layers, each importing only from layers below it, and the edge
 * entry's module graph holds no build code: what the build alone uses stays out of the bundle
 * and out of every request path; nor does its start (static imports) load the OAuth library.
 *
 *   content → search → shards → resources, prompts → tools → protocol → site → transport → config
 *     → app (app.ts, edge_app.ts) → build → entries (main.ts, serve.ts, prepare.ts and the
 *     content_source.ts it reads its content through)
 *
 * (`version.ts`, `invalid_params.ts`, `remembered.ts`, `lazy_pattern.ts`, `last_at_or_before.ts`, `first_at_or_after.ts`, `fnv1a.ts`, `one_at_a_time.ts` and `code_fences.ts` are below everything; `edge_app.ts` builds on `app.ts`.) Checked from the import statements of every file.
 */
import assert from "node:assert/strict";
import { ROOT } from "./helpers.ts";

const LAYERS: Record<string, number> = {
  "version.ts": 0,
  "invalid_params.ts": 0,
  "remembered.ts": 0,
  "lazy_pattern.ts": 0,
  "last_at_or_before.ts": 0,
  "first_at_or_after.ts": 0,
  "fnv1a.ts": 0,
  "one_at_a_time.ts": 0,
  "code_fences.ts": 0,
  content: 1,
  search: 2,
  shards: 2.5,
  resources: 3,
  prompts: 3,
  tools: 4,
  protocol: 5,
  site: 5.5,
  transport: 6,
  config: 7,
  "app.ts": 8,
  "edge_app.ts": 8.5,
  "read_manifest_file.ts": 8.7,
  build: 9,
  "content_source.ts": 9.5,
  "prepare.ts": 10,
  "main.ts": 11,
  "serve.ts": 11,
  entries: 8.6,
  init: 10,
};

/** The layer key of a path under src/ (its first folder, or the file itself). */
const layerOf = (path: string) => path.slice("src/".length).split("/")[0]!;

async function* files(dir: string): AsyncGenerator<string> {
  for await (const entry of Deno.readDir(`${ROOT}/${dir}`)) {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory) yield* files(path);
    else if (path.endsWith(".ts")) yield path;
  }
}

/** Relative imports of a file (code only: doc comments are skipped), resolved to src/ paths. */
async function importsOf(path: string): Promise<string[]> {
  const code = (await Deno.readTextFile(`${ROOT}/${path}`)).replace(/\/\*\*[^]*?\*\//g, "");
  const out: string[] = [];
  for (const m of code.matchAll(/(?:from|import)\s*\(?\s*["'](\.{1,2}\/[^"']+)["']/g)) {
    const url = new URL(m[1]!, `file:///${path}`);
    out.push(url.pathname.slice(1));
  }
  return out;
}

Deno.test("src/ folders import only from layers below them", async () => {
  const upward: string[] = [];
  for await (const file of files("src")) {
    const from = layerOf(file);
    assert.ok(from in LAYERS, `${file}: ${from} has no layer; add it to LAYERS`);
    for (const target of await importsOf(file)) {
      if (!target.startsWith("src/")) continue;
      const to = layerOf(target);
      if (to === from) continue;
      if (LAYERS[to]! >= LAYERS[from]!) upward.push(`${file} → ${target}`);
    }
  }
  assert.deepEqual(upward, []);
});

/** A module of `deno info --json`, with the parts read here. */
interface InfoModule {
  specifier: string;
  dependencies?: { code?: { specifier: string }; isDynamic?: boolean }[];
}

/**
 * The module graph of the package's edge entry (what `scripts/bundle_runtime.ts` bundles into
 * `lib/` for a site's function), as `deno info --json` reports it.
 */
async function edgeGraph(): Promise<
  { roots: string[]; modules: InfoModule[]; redirects?: Record<string, string> }
> {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["info", "--json", "src/entries/netlify_edge.ts"],
    cwd: ROOT,
    stdout: "piped",
    stderr: "piped",
  }).output();
  assert.equal(out.code, 0, new TextDecoder().decode(out.stderr));
  return JSON.parse(new TextDecoder().decode(out.stdout));
}

Deno.test("the edge entry's module graph: no build code, no yaml, no flag parser", async () => {
  const graph = await edgeGraph();
  const specifiers = graph.modules.map((m) => m.specifier);
  assert.ok(specifiers.some((s) => s.endsWith("/src/edge_app.ts")), "the graph was read");
  const forbidden = specifiers.filter((s) =>
    s.includes("/src/build/") || /yaml/.test(s) || s.endsWith("/src/config/parse_argv.ts") ||
    s.endsWith("/src/config/help_text.ts") || s.endsWith("/src/prepare.ts") ||
    s.endsWith("/src/content_source.ts")
  );
  assert.deepEqual(forbidden, []);
});

// What a cold edge isolate loads before its first answer: the modules reached through static
// imports only. Libraries only some deployments use stay out of it (imported when first
// needed; the bundle still holds them: see `netlify/edge_bundle_test.ts`).
/** The modules of `graph` its roots load: their static imports (type-only ones left), followed. */
function loadedAtStart(
  graph: { roots: string[]; modules: InfoModule[]; redirects?: Record<string, string> },
): string[] {
  const redirects = graph.redirects ?? {};
  const bySpecifier = new Map(graph.modules.map((m) => [m.specifier, m]));
  const loaded = new Set<string>();
  const stack = [...graph.roots];
  while (stack.length > 0) {
    const specifier = stack.pop()!;
    const resolved = redirects[specifier] ?? specifier;
    if (loaded.has(resolved)) continue;
    loaded.add(resolved);
    for (const dep of bySpecifier.get(resolved)?.dependencies ?? []) {
      if (dep.code && !dep.isDynamic) stack.push(dep.code.specifier);
    }
  }
  return [...loaded];
}

Deno.test("the edge function's start does not load the OAuth library", async () => {
  const list = loadedAtStart(await edgeGraph());
  assert.ok(list.some((s) => s.endsWith("/src/edge_app.ts")), "the closure reaches the app");
  assert.ok(list.some((s) => s.endsWith("/src/transport/authorize.ts")), "and the auth guard");
  // The OAuth verifier is imported with the first request of an OAuth deployment.
  assert.deepEqual(
    list.filter((s) => /jose|\/src\/transport\/(oauth|token_cache)\.ts$/.test(s)),
    [],
    "but not the OAuth verifier or jose",
  );
});

// A bundled build (every small site) reads no shard: the modules that read a sharded build's
// root, shards, body and detail ranges are imported with a sharded build's first request
// (`shards/deferred_shards.ts`, `content/deferred_ranges.ts`), never with the function. Left in:
// the name test that tells a sharded build at start, and the deferral itself.
const SHARD_READERS = [
  "content/body_ranges.ts",
  "content/packed_sections.ts",
  "content/detail_loader.ts",
  "content/document_details.ts",
  "content/chunk_cache.ts",
  "shards/edge_shards.ts",
];
const SHARDS_AT_START = ["shards/root_file_name.ts", "shards/deferred_shards.ts"];

Deno.test("the edge function's start loads no module that reads shards; the bundle has them", async () => {
  const graph = await edgeGraph();
  const list = loadedAtStart(graph);
  assert.ok(list.some((s) => s.endsWith("/src/content/content_store.ts")), "the closure is read");
  const src = (s: string) => s.slice(s.indexOf("/src/") + "/src/".length);
  assert.deepEqual(
    list.filter((s) => s.includes("/src/")).map(src).filter((path) =>
      SHARD_READERS.includes(path) ||
      (path.startsWith("shards/") && !SHARDS_AT_START.includes(path))
    ),
    [],
  );
  // Imported by literal specifiers, they are in the graph a bundler follows.
  const all = graph.modules.map((m) => src(m.specifier));
  for (const path of [...SHARD_READERS, "shards/sharded_loaders.ts"]) {
    assert.ok(all.includes(path), `${path} is in the edge function's graph`);
  }
});
