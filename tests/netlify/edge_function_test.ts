/**
 * The Netlify edge entry imported exactly as Netlify imports it, with a Netlify-like global
 * (`Netlify.env`) set before the import, serving requests over the built manifest and index.
 */
import assert from "node:assert/strict";
import manifest from "../../dist/_shelf/manifest.json" with { type: "json" };
import edgeManifest from "../../.shelf/edge/edge-manifest.json" with { type: "json" };
import { ROOT, rpc } from "../helpers.ts";
import { createEdgeApp } from "../../src/edge_app.ts";
import { edgeRoutes } from "./netlify_toml.ts";

const vars: Record<string, string> = {
  ACDC_MCP_AUTH_TYPE: "apikey",
  ACDC_MCP_AUTH_API_KEYS: "edge-key",
  ACDC_MCP_SEARCH_MAX_RESULTS: "2",
};
(globalThis as { Netlify?: unknown }).Netlify = { env: { get: (name: string) => vars[name] } };
const { default: handler } = await import("../../netlify/edge-functions/mcp.ts");

const call = (body: unknown, key = "edge-key") =>
  handler(
    new Request("https://kb.example/mcp", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "mcp-protocol-version": "2025-11-25",
        "x-api-key": key,
      },
      body: JSON.stringify(body),
    }),
  );

Deno.test("edge function: routes, settings from Netlify.env, tools and search from the bundle", async () => {
  // Routes are declared once, in netlify.toml ("/mcp" also matches "/mcp/").
  const routes = edgeRoutes(await Deno.readTextFile(`${ROOT}/netlify.toml`));
  assert.deepEqual(routes.map((r) => r.path), [
    "/mcp",
    "/mcp/openai",
    "/sse",
    "/messages",
    "/health",
    "/.well-known/mcp",
    "/.well-known/mcp.json",
    "/llms.txt",
    "/llms-full.txt",
    "/_shelf/*",
    "/.well-known/mcp/catalog.json",
    "/.well-known/ai-catalog.json",
    "/mcp/server-card",
    "/.well-known/oauth-protected-resource",
    "/.well-known/oauth-protected-resource/mcp",
  ]);
  assert.ok(routes.every((r) => r.function === "mcp"));
  const list = await call({
    jsonrpc: "2.0",
    id: 1,
    method: "tools/call",
    params: { name: "list_articles" },
  });
  assert.equal(list.status, 200);
  assert.equal((await list.json()).result.structuredContent.total, manifest.documents.length);
  const denied = await call({ jsonrpc: "2.0", id: 1, method: "ping" }, "wrong");
  assert.equal(denied.status, 401, "auth from Netlify.env");
  await denied.body?.cancel();
  const search = await call({
    jsonrpc: "2.0",
    id: 2,
    method: "tools/call",
    params: { name: "search", arguments: { query: "sections" } },
  });
  const results = (await search.json()).result.structuredContent.results;
  assert.equal(results.length, 2, "max results from Netlify.env");
  const health = await handler(new Request("https://kb.example/health"));
  assert.equal((await health.json()).contentHash, manifest.contentHash);
});

Deno.test("edge function: hidden sample documents are not in the bundle", () => {
  const text = JSON.stringify(manifest);
  for (
    const marker of ["SECRET-DRAFT-MARKER", "SECRET-PROPOSED-MARKER", "SECRET-DEPRECATED-MARKER"]
  ) {
    assert.ok(!text.includes(marker), marker);
  }
});

Deno.test("build: the sample bundles into the edge; past the budget the edge gets a shard root", async () => {
  assert.equal((edgeManifest as { contentHash?: string }).contentHash, manifest.contentHash);
  const out = await Deno.makeTempDir();
  const edge = `${out}/edge`;
  const run = await runBuild(
    ["--out", `${out}/dist`, "--edge-out", edge, "--edge-budget", "0"],
    { ACDC_MCP_AUTH_TYPE: "none" },
  );
  assert.equal(run.code, 0, new TextDecoder().decode(run.stderr));
  assert.match(new TextDecoder().decode(run.stdout), /over the 0 MB budget/);
  const root = JSON.parse(await Deno.readTextFile(`${edge}/edge-manifest.json`)).shards;
  assert.equal(root.store, "site");
  assert.equal(root.contentHash, manifest.contentHash);
  for (const name of [...root.manifest, ...root.index, ...root.names.pages]) {
    assert.ok(await exists(`${out}/dist/_shelf/shards/${name}`), name);
  }
  assert.deepEqual(JSON.parse(await Deno.readTextFile(`${edge}/edge-index.json`)), {
    shards: true,
  });
  await Deno.remove(out, { recursive: true });
});

Deno.test("build: a private build publishes nothing of the content; the edge modules are apart", async () => {
  const out = await Deno.makeTempDir();
  const build = (extra: string[], env: Record<string, string>) =>
    runBuild(["--out", `${out}/dist`, "--edge-out", `${out}/edge`, ...extra], env);
  // A public build first, so the private one must also remove what it left.
  assert.equal((await build([], { ACDC_MCP_AUTH_TYPE: "none" })).code, 0);
  assert.ok(await exists(`${out}/dist/llms-full.txt`));
  // The auth mode in the build's environment (as Netlify gives a site's variables) makes it
  // private.
  const run = await build([], { ACDC_MCP_AUTH_TYPE: "apikey", ACDC_MCP_AUTH_API_KEYS: "k" });
  assert.equal(run.code, 0, new TextDecoder().decode(run.stderr));
  // Every published file, and no document's text in any of them.
  const published: string[] = [];
  for await (const path of walk(`${out}/dist`)) published.push(path.slice(out.length + 6));
  const texts = manifest.bodies as Record<string, string>;
  const bodies = manifest.documents.map((d) => texts[d.id] ?? "")
    .map((b) => b.split("\n").find((l) => l.trim().length > 40)!.trim());
  for (const path of published) {
    const text = await Deno.readTextFile(`${out}/dist/${path}`);
    for (const line of bodies) assert.ok(!text.includes(line), `${path} holds a document's text`);
  }
  for (const gone of ["llms.txt", "llms-full.txt", "_shelf/manifest.json", "_shelf/index.json"]) {
    assert.ok(!published.includes(gone), gone);
  }
  assert.ok(!published.some((p) => p.startsWith("_shelf/md/") || p.startsWith("_shelf/index/")));
  // The edge modules the function bundles are outside the published folder.
  assert.ok(await exists(`${out}/edge/edge-manifest.json`));
  await Deno.remove(out, { recursive: true });
});

Deno.test("build: a scoped source makes the build private, whatever the environment", async () => {
  const dir = await Deno.makeTempDir();
  await Deno.mkdir(`${dir}/runbooks`);
  await Deno.mkdir(`${dir}/guides`);
  await Deno.writeTextFile(
    `${dir}/runbooks/restart.md`,
    "# Restart\n\nThe zanzibar worker first.\n",
  );
  await Deno.writeTextFile(`${dir}/guides/workers.md`, "# Workers\n\nA worker runs jobs.\n");
  await Deno.writeTextFile(
    `${dir}/mcp-metadata.yaml`,
    "content:\n  - name: guides\n    path: ./guides\n" +
      "  - name: runbooks\n    path: ./runbooks\n    scope: docs:internal\n",
  );
  const run = await runBuild(
    [
      "--config",
      `${dir}/mcp-metadata.yaml`,
      "--out",
      `${dir}/dist`,
      "--edge-out",
      `${dir}/edge`,
    ],
    { ACDC_MCP_AUTH_TYPE: "none" },
  );
  assert.equal(run.code, 0, new TextDecoder().decode(run.stderr));
  assert.match(new TextDecoder().decode(run.stdout), /private build: scoped source\(s\) runbooks/);
  for await (const path of walk(`${dir}/dist`)) {
    assert.ok(!(await Deno.readTextFile(path)).includes("zanzibar"), path);
  }
  assert.match(
    await Deno.readTextFile(`${dir}/edge/edge-manifest.json`),
    /"scope":"docs:internal"/,
  );
  // What a request without the scope sees has its own index, prebuilt: the edge app loads it and
  // builds none (a build per view would cost a cold request far more than the edge's CPU budget).
  const { hashes } = await import(`${dir}/edge/edge-views.ts`);
  assert.equal(hashes.length, 1);
  const view = JSON.parse(await Deno.readTextFile(`${dir}/edge/edge-views/0.json`));
  assert.equal(view.contentHash, hashes[0]);
  assert.ok(!JSON.stringify(view).includes("zanzibar"), "no term of the scoped source");
  const loaded: string[] = [];
  const warnings: string[] = [];
  const warn = console.warn;
  console.warn = (message: string) => warnings.push(message);
  const read = async (file: string) => JSON.parse(await Deno.readTextFile(`${dir}/edge/${file}`));
  try {
    const edge = createEdgeApp({
      env: () => undefined,
      manifest: await read("edge-manifest.json"),
      index: () => read("edge-index.json"),
      bodyChunk: (k) => read(`edge-bodies/${k}.json`),
      postingsChunk: (k) => read(`edge-postings/${k}.json`),
      viewIndex: (hash) => {
        loaded.push(hash);
        return Promise.resolve(hashes.includes(hash) ? view : undefined);
      },
    });
    const text = JSON.stringify(
      await rpc(edge, "tools/call", { name: "search", arguments: { query: "zanzibar worker" } }),
    );
    assert.match(text, /Workers/);
    assert.doesNotMatch(text, /zanzibar worker first|Restart/);
    assert.deepEqual(loaded, hashes);
    assert.deepEqual(warnings, []);
    edge.shutdown();
  } finally {
    console.warn = warn;
  }
  await Deno.remove(dir, { recursive: true });
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

const exists = (path: string) => Deno.stat(path).then(() => true, () => false);

async function* walk(dir: string): AsyncGenerator<string> {
  for await (const entry of Deno.readDir(dir)) {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory) yield* walk(path);
    else yield path;
  }
}
