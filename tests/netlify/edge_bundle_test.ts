/**
 * The edge function bundled the way Netlify bundles it, then run from that bundle.
 *
 * A copy of the site (the files a Netlify deploy sees) gets `npm ci` and `deno task build`
 * as on Netlify, then Netlify's own bundler (`@netlify/edge-bundler`, under Node 22) bundles
 * `netlify/edge-functions/` with the routes of `netlify.toml`. The eszip it writes is unpacked
 * with the eszip reader vendored in that bundler and checked: the manifest and index are
 * inside, and no module or import-map entry is an `npm:` specifier (Netlify cannot load
 * those). Then the unpacked modules run in a fresh Deno process with no config, no npm, no
 * remote imports and no file-read permission, behind a Netlify-shaped `context` and
 * `Netlify.env`, and the official MCP client drives it. A second run of the same bundle
 * verifies an OAuth token against a local issuer (`jose` is loaded on the first token only).
 */
import assert from "node:assert/strict";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { SignJWT } from "jose";
import { ROOT } from "../helpers.ts";
import { localIssuer } from "../transport/local_issuer.ts";
import { netlifyTools, run } from "./netlify_tools.ts";
import { edgeRoutes } from "./netlify_toml.ts";
import { bundleAndUnpack, copySite, serveBundle, type Served } from "./netlify_bundle.ts";
import { importGraph } from "./static_imports.ts";

Deno.test("Netlify's bundler bundles the edge function; the bundle serves MCP", async () => {
  const tools = await netlifyTools();
  const site = await Deno.makeTempDir({ prefix: "shelf-site-" });
  const out = await Deno.makeTempDir({ prefix: "shelf-bundle-" });
  const unpacked = await Deno.makeTempDir({ prefix: "shelf-eszip-" });
  let served: Served | undefined;
  let issuer: ReturnType<typeof localIssuer> | undefined;
  let toolNames: string[] = [];
  try {
    // 1. The site as Netlify builds it: npm install from the lockfile, then the build command.
    await copySite(site);
    await run("npm", ["ci", "--no-audit", "--no-fund"], site);
    // Netlify sets URL (the site's address) for the build: the static agent files link to it.
    await run(Deno.execPath(), ["task", "build"], site, { URL: "https://kb.example" });
    const llms = await Deno.readTextFile(`${site}/dist/llms.txt`);
    assert.match(
      llms,
      /^- \[Deploying to Netlify Edge\]\(https:\/\/kb\.example\/_shelf\/md\/docs\/guides\/deploy-netlify\.md\)/m,
    );
    assert.match(
      await Deno.readTextFile(`${site}/dist/_shelf/md/docs/guides/deploy-netlify.md`),
      /Netlify/,
    );
    assert.doesNotMatch(llms, /draft-roadmap/, "no hidden document in the static llms.txt");

    // 2. Netlify's bundler over netlify/edge-functions with the routes of netlify.toml, and
    // 3. what is inside.
    const toml = await Deno.readTextFile(`${site}/netlify.toml`);
    const routes = edgeRoutes(toml);
    const { manifest, assetBytes, eszip } = await bundleAndUnpack(tools, site, out, unpacked);
    const bundles = manifest.bundles;
    assert.equal(bundles.length, 1);
    assert.equal(bundles[0]!.format, "eszip2");
    const paths = manifest.routes.map((r) => r.path);
    assert.deepEqual(paths, routes.map((r) => r.path), "each route once, as declared");
    assert.ok(
      assetBytes > 100_000 && assetBytes < 20_000_000,
      `bundle of ${assetBytes} bytes`,
    );
    // The manifest, the index, the chunk lists and every chunk they name (one each for content/).
    for (
      const file of [
        "edge-manifest.json",
        "edge-index.json",
        "edge-bodies.ts",
        "edge-bodies/0.json",
        "edge-postings.ts",
        "edge-postings/0.json",
      ]
    ) {
      assert.ok(eszip.specifiers.includes(`file:///root/.shelf/edge/${file}`), `${file} inside`);
    }
    assert.deepEqual(eszip.specifiers.filter((s) => s.startsWith("npm:")), []);
    assert.deepEqual(
      Object.entries(eszip.importMap.imports).filter(([, to]) => to.startsWith("npm:")),
      [],
    );
    const modules = new Map<string, string>();
    for (const specifier of eszip.specifiers.filter((s) => s.startsWith("file:///"))) {
      const text = await Deno.readTextFile(`${unpacked}/${specifier.slice(8)}`);
      assert.doesNotMatch(text, /\bfrom\s*["']npm:|\bimport\s*\(\s*["']npm:/, specifier);
      if (!specifier.endsWith(".json")) modules.set(specifier, text);
    }
    // No module loaded with the function imports a Node built-in: the runtime packages come from
    // node_modules as the ES modules they ship (netlify/import_map.json), not vendored with the
    // bundler's banner, whose node: imports boot Deno's Node compatibility layer in each cold
    // isolate. Only @netlify/blobs (its `process`, mapped to node:process, which Netlify's
    // Deno runtime provides) reaches one, and the function imports it on a private sharded
    // build's first shard read, never at start.
    const entry = eszip.specifiers.find((s) => s.endsWith("/netlify/edge-functions/mcp.ts"))!;
    const graph = importGraph(
      entry,
      [...modules.keys()],
      (s) => modules.get(s),
      eszip.importMap.imports,
    );
    // The function imports the package's runtime as it ships: bundled into `lib/`.
    assert.ok(graph.loadedWithEntry.includes(`file:///root/lib/netlify_edge.js`), "graph read");
    assert.deepEqual(eszip.specifiers.filter((s) => s.startsWith("file:///root/src/")), []);
    assert.deepEqual(graph.loadedWithEntry.filter((s) => graph.nodeImporters.includes(s)), []);
    assert.ok(graph.nodeImporters.length > 0, "the Blobs client reaches node:process");
    for (const s of graph.nodeImporters) {
      assert.match(s, /^file:\/\/\/root\/node_modules\/@netlify\/blobs\//, s);
    }
    assert.deepEqual(eszip.specifiers.filter((s) => s.startsWith("file:///vendor/")), []);
    // What only some requests need is in the bundle but not loaded with the function: a sharded
    // build's reading and unpacking, the site files and server card, the OAuth verifier (each a
    // module of the runtime's bundle, named after the source module imported on first need).
    for (
      const lazy of [
        "edge_shards",
        "sharded_loaders",
        "body_ranges",
        "detail_loader",
        "site_files",
        "server_card",
        "oauth",
      ]
    ) {
      const specifier = eszip.specifiers.find((s) => s.startsWith(`file:///root/lib/${lazy}-`));
      assert.ok(specifier, `${lazy} is in the bundle`);
      assert.ok(!graph.loadedWithEntry.includes(specifier), `${lazy} is not loaded at start`);
    }
    for (const pkg of ["hono", "stemmer"]) {
      assert.ok(
        eszip.specifiers.some((s) => s.startsWith(`file:///root/node_modules/${pkg}/`)),
        `${pkg} from node_modules`,
      );
    }

    // 4. Run the unpacked bundle in a fresh process: its own import map, nothing else.
    await Deno.copyFile(`${ROOT}/tests/netlify/run_bundle.js`, `${unpacked}/run_bundle.js`);
    served = await serveBundle(unpacked, {
      ACDC_MCP_AUTH_TYPE: "apikey",
      ACDC_MCP_AUTH_API_KEYS: "edge-key",
      URL: "https://kb.example",
    });
    const port = served.port;
    const client = new Client({ name: "netlify-bundle-test", version: "1.0.0" });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${port}/mcp`), {
        requestInit: { headers: { "x-api-key": "edge-key" } },
      }),
    );
    try {
      assert.equal(client.getServerVersion()?.name, "shelf");
      toolNames = (await client.listTools()).tools.map((t: { name: string }) => t.name);
      const search = await client.callTool({ name: "search", arguments: { query: "netlify" } });
      assert.equal(search.isError, undefined);
      assert.match(
        (search.content as { text: string }[])[0]!.text,
        /^- \[docs\] \[Deploying to Netlify Edge\]\(acdc:\/\/docs\/guides\/deploy-netlify\)/m,
      );
      const article = await client.callTool({
        name: "get_article",
        arguments: { slug: "deploy-netlify" },
      });
      assert.equal(article.isError, undefined);
      assert.match((article.structuredContent as { content: string }).content, /Netlify/);
      const missing = await client.callTool({
        name: "get_article",
        arguments: { slug: "draft-roadmap" },
      });
      assert.equal(missing.isError, true, "a draft is not in the bundle");
      assert.equal(
        (missing.content as { text: string }[])[0]!.text,
        "Article 'draft-roadmap' not found",
      );
    } finally {
      await client.close();
    }
    const denied = await fetch(`http://127.0.0.1:${port}/mcp`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-api-key": "wrong" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" }),
    });
    assert.equal(denied.status, 401, "settings come from Netlify.env");
    await denied.body?.cancel();
    // The server card: public, from the bundle's tool registry, stating the auth it needs.
    for (const path of ["/.well-known/mcp", "/.well-known/mcp.json"]) {
      const res: Response = await fetch(`http://127.0.0.1:${port}${path}`);
      assert.equal(res.status, 200, path);
      assert.match(res.headers.get("link") ?? "", /<\/llms\.txt>; rel="describedby"/);
      const card = await res.json();
      assert.equal(card.endpoint, "http://127.0.0.1:" + port + "/mcp");
      assert.deepEqual(card.authentication, {
        required: true,
        scheme: "apiKey",
        header: "X-API-Key",
      });
      assert.deepEqual(card.tools.map((t: { name: string }) => t.name), toolNames);
    }

    // 5. OAuth from the bundle. `jose` is imported on the first token, not with the function,
    // so the bundle must hold it anyway and verify a real token with it.
    await served.close();
    served = undefined;
    assert.ok(
      eszip.specifiers.some((s) => s.startsWith("file:///root/node_modules/jose/")),
      "jose from node_modules",
    );
    issuer = localIssuer();
    const key = await issuer.addKey("edge-1");
    const audience = "https://kb.example/mcp";
    served = await serveBundle(unpacked, {
      ACDC_MCP_AUTH_TYPE: "oauth",
      SHELF_OAUTH_ISSUER: issuer.url,
      SHELF_OAUTH_AUDIENCE: audience,
      URL: "https://kb.example",
    });
    const token = (aud: string) =>
      new SignJWT({ scope: "docs:read" }).setProtectedHeader({ alg: "ES256", kid: "edge-1" })
        .setIssuer(issuer!.url).setAudience(aud).setExpirationTime("5m").sign(key);
    const ping = (bearer: string) =>
      fetch(`http://127.0.0.1:${served!.port}/mcp`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
          authorization: `Bearer ${bearer}`,
        },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" }),
      });
    const accepted = await ping(await token(audience));
    assert.equal(accepted.status, 200, await accepted.clone().text());
    assert.deepEqual((await accepted.json()).result, {});
    const other = await ping(await token("https://elsewhere.example/mcp"));
    assert.equal(other.status, 401);
    assert.match(other.headers.get("www-authenticate") ?? "", /error="invalid_token"/);
    await other.body?.cancel();
  } finally {
    await served?.close();
    await issuer?.close();
    for (const dir of [site, out, unpacked]) await Deno.remove(dir, { recursive: true });
  }
});
