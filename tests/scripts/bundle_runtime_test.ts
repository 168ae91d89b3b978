/**
 * The package's edge runtime as it ships (`scripts/bundle_runtime.ts`), bundled into a fresh
 * folder: a few modules, the packages left as imports of the site's `node_modules` (no Node
 * built-in, nothing of `src/`), and what Shelf imports on first need — OAuth, the shard readers,
 * the site's pages — still out of what a cold isolate loads at start; then the bundle serves.
 */
import assert from "node:assert/strict";
import { bundleRuntime } from "../../scripts/bundle_runtime.ts";
import { ROOT } from "../helpers.ts";

// Inside the checkout, where the package's dependencies resolve as in a site's `node_modules`.
await Deno.mkdir(`${ROOT}/dist`, { recursive: true });
const dir = await Deno.makeTempDir({ dir: `${ROOT}/dist`, prefix: "runtime-test-" });
globalThis.addEventListener("unload", () => Deno.removeSync(dir, { recursive: true }));
const files = await bundleRuntime(dir);
const text = new Map(
  await Promise.all(
    files.map(async (f) => [f, await Deno.readTextFile(`${dir}/${f}`)] as const),
  ),
);

/** The specifiers a minified module imports: statically, and dynamically. */
function importsOf(code: string): { fixed: string[]; deferred: string[] } {
  const fixed = [...code.matchAll(/(?:\bfrom|\bimport)\s*"([^"]+)"/g)].map((m) => m[1]!);
  const deferred = [...code.matchAll(/\bimport\(\s*"([^"]+)"\s*\)/g)].map((m) => m[1]!);
  return { fixed, deferred };
}

/** The bundle's modules a cold isolate loads with `entry` (static imports, followed). */
function loadedAtStart(entry = "netlify_edge.js"): Set<string> {
  const loaded = new Set<string>();
  const stack = [entry];
  while (stack.length > 0) {
    const file = stack.pop()!;
    if (loaded.has(file)) continue;
    loaded.add(file);
    for (const s of importsOf(text.get(file)!).fixed) {
      if (s.startsWith("./")) stack.push(s.slice(2));
    }
  }
  return loaded;
}

Deno.test("bundled runtime: a few modules, importing only the package's dependencies", async () => {
  assert.ok(files.includes("netlify_edge.js"), files.join());
  assert.ok(files.length < 40, `${files.length} modules`);
  const pkg = JSON.parse(await Deno.readTextFile(`${ROOT}/package.json`));
  const dependencies = Object.keys(pkg.dependencies);
  const outside = new Set<string>();
  for (const [file, code] of text) {
    const { fixed, deferred } = importsOf(code);
    for (const s of [...fixed, ...deferred]) {
      if (s.startsWith("./")) assert.ok(text.has(s.slice(2)), `${file} imports ${s}`);
      else outside.add(s);
    }
  }
  for (const s of outside) {
    assert.ok(dependencies.some((d) => s === d || s.startsWith(`${d}/`)), `a bare import: ${s}`);
  }
  assert.ok(outside.has("hono") && outside.has("jose"), [...outside].join());
});

Deno.test("bundled runtime: OAuth, the shard readers and the site's pages load on first need", () => {
  const atStart = loadedAtStart();
  const deferred = ["oauth", "edge_shards", "sharded_loaders", "detail_loader", "body_ranges"]
    .concat("site_files", "server_card");
  for (const name of deferred) {
    const file = files.find((f) => f.startsWith(`${name}-`));
    assert.ok(file, `${name} is a module of its own`);
    assert.ok(!atStart.has(file), `${file} is not loaded at start`);
    // Its code too: not a module re-exporting a chunk the entry loads (what esbuild writes
    // when a module imported on first need is also imported statically).
    const own = [...loadedAtStart(file)].filter((f) => !atStart.has(f));
    const bytes = own.reduce((sum, f) => sum + text.get(f)!.length, 0);
    assert.ok(bytes >= 1000, `${file}: ${bytes} bytes of code of its own`);
  }
  for (const file of atStart) {
    assert.ok(!/from\s*"jose"/.test(text.get(file)!), `${file} imports jose at start`);
  }
});

Deno.test("bundled runtime: its function answers as the source's does", async () => {
  // The checkout's built site (`deno task build`), served by the bundle and by the source.
  const { default: build } = await import("../../.shelf/edge/shelf_build.ts");
  const bundled = (await import(`${dir}/netlify_edge.js`)).netlifyEdge(build);
  const source = (await import("../../src/entries/netlify_edge.ts")).netlifyEdge(build);
  const ask = async (fn: (request: Request) => Response | Promise<Response>, body: unknown) => {
    const response = await fn(
      new Request("http://localhost/mcp", {
        method: "POST",
        headers: { "content-type": "application/json", "mcp-protocol-version": "2025-11-25" },
        body: JSON.stringify(body),
      }),
    );
    return [response.status, await response.text()];
  };
  for (
    const body of [
      { jsonrpc: "2.0", id: 1, method: "tools/list" },
      {
        jsonrpc: "2.0",
        id: 2,
        method: "tools/call",
        params: { name: "search", arguments: { query: "deploy to netlify" } },
      },
      { jsonrpc: "2.0", id: 3, method: "tools/call", params: { name: "read", arguments: {} } },
    ]
  ) {
    const answer = await ask(bundled, body);
    assert.equal(answer[0], 200);
    assert.deepEqual(answer, await ask(source, body));
  }
});

Deno.test("bundled runtime: the checkout's lib/ is the bundle of its sources (else run deno task build)", async () => {
  // What Shelf's own function imports, and what the tests that import it run: a lib/ older than
  // an edit of src/ would test the code before the edit.
  const built: string[] = [];
  for await (const entry of Deno.readDir(`${ROOT}/lib`)) built.push(entry.name);
  const stale = "lib/ is not the bundle of src/: run `deno task build`";
  assert.deepEqual(built.sort(), files, stale);
  for (const file of files) {
    assert.equal(
      await Deno.readTextFile(`${ROOT}/lib/${file}`),
      text.get(file),
      `${stale} (${file})`,
    );
  }
});
