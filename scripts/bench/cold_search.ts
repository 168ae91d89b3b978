/**
 * One cold start, in a fresh process: load Shelf's modules, read the manifest, get the search
 * index (import the prebuilt one, or build it), and answer one `search` tool call through the
 * app. Prints JSON timings. With `minisearch` it measures the peer instead: load MiniSearch,
 * `loadJSON` its serialized index and run one search.
 *
 * Usage: deno run -A scripts/bench/cold_search.ts DIR (import|build|minisearch) QUERY
 *
 * @module
 */
const t0 = performance.now();
const [dir, mode, query] = Deno.args as [string, string, string];

if (mode === "minisearch") {
  const { default: MiniSearch } = await import("minisearch");
  const { MINI_INDEX_OPTIONS, MINI_QUERY_OPTIONS } = await import("./minisearch_peer.ts");
  const tModules = performance.now();
  const json = await Deno.readTextFile(`${dir}/minisearch.json`);
  const tRead = performance.now();
  const mini = MiniSearch.loadJSON(json, MINI_INDEX_OPTIONS);
  const tIndex = performance.now();
  const hits = mini.search(query, MINI_QUERY_OPTIONS);
  const tFirst = performance.now();
  console.log(JSON.stringify({
    processStartToScript: t0,
    modules: tModules - t0,
    read: tRead - tModules,
    index: tIndex - tRead,
    firstSearch: tFirst - tIndex,
    total: tFirst - t0,
    hits: hits.length,
    heapMB: Deno.memoryUsage().heapUsed / 1e6,
  }));
} else {
  const { createApp } = await import("../../src/app.ts");
  const { createStoreCache } = await import("../../src/content/store_cache.ts");
  const { createEngineCache } = await import("../../src/search/engine_cache.ts");
  const tModules = performance.now();
  const manifest = JSON.parse(await Deno.readTextFile(`${dir}/_shelf/manifest.json`));
  const indexText = mode === "import" ? await Deno.readTextFile(`${dir}/_shelf/index.json`) : "";
  const tRead = performance.now();
  let tParsed = tRead;
  const app = createApp({
    stores: createStoreCache({ load: () => manifest }),
    engines: createEngineCache({
      loadPrebuilt: () => {
        if (mode !== "import") return Promise.resolve(undefined);
        const data = JSON.parse(indexText);
        tParsed = performance.now();
        return Promise.resolve(data);
      },
      onWarning: (m) => console.error(m),
    }),
  });
  const res = await app.request("/mcp", {
    method: "POST",
    headers: { "content-type": "application/json", "mcp-protocol-version": "2025-11-25" },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: { name: "search", arguments: { query } },
    }),
  });
  const body = await res.json();
  const tFirst = performance.now();
  console.log(JSON.stringify({
    processStartToScript: t0,
    modules: tModules - t0,
    read: tRead - tModules,
    parseIndex: tParsed - tRead,
    firstSearch: tFirst - tParsed,
    total: tFirst - t0,
    cpuAfterRead: tFirst - tRead,
    hits: body.result?.structuredContent?.results?.length ?? -1,
    heapMB: Deno.memoryUsage().heapUsed / 1e6,
  }));
}
