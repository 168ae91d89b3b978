/**
 * One manifest, four entry points, the same bytes: `deno run src/main.ts` over HTTP, the same
 * over stdio, `deno serve src/serve.ts`, and the Netlify function (each in its own process,
 * settings from flags or the environment as each platform gives them). The manifest is built
 * with `cache.ttlSeconds: 60`, the setting the entry points used to disagree on.
 */
import assert from "node:assert/strict";
import { MODERN_META, modernHeaders, ROOT } from "../helpers.ts";

const REQUESTS = [
  { jsonrpc: "2.0", id: 1, method: "tools/list", params: { _meta: MODERN_META } },
  { jsonrpc: "2.0", id: 2, method: "server/discover", params: { _meta: MODERN_META } },
  { jsonrpc: "2.0", id: 3, method: "resources/templates/list", params: { _meta: MODERN_META } },
];

/** Reads a child's stream until `pattern` matches; returns the match. */
async function waitFor(stream: ReadableStream<Uint8Array>, pattern: RegExp) {
  const reader = stream.pipeThrough(new TextDecoderStream()).getReader();
  let text = "";
  for (;;) {
    const m = pattern.exec(text);
    if (m) {
      reader.releaseLock();
      return m;
    }
    const { value, done } = await reader.read();
    if (done) throw new Error(`stream ended before ${pattern}: ${text}`);
    text += value;
  }
}

async function overHttp(port: string): Promise<string[]> {
  const out: string[] = [];
  for (const body of REQUESTS) {
    const res = await fetch(`http://127.0.0.1:${port}/mcp`, {
      method: "POST",
      headers: modernHeaders(body.method),
      body: JSON.stringify(body),
    });
    out.push(await res.text());
  }
  return out;
}

function spawn(args: string[], env: Record<string, string> = {}, stdin = false) {
  return new Deno.Command(Deno.execPath(), {
    args,
    cwd: ROOT,
    env,
    stdin: stdin ? "piped" : "null",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
}

async function stop(child: Deno.ChildProcess) {
  try {
    child.kill();
  } catch {
    // Already gone.
  }
  await child.status;
  await child.stdout.cancel().catch(() => {});
  await child.stderr.cancel().catch(() => {});
}

Deno.test("the same manifest gives byte-identical answers through all four entry points", async () => {
  const dir = await Deno.makeTempDir();
  const children: Deno.ChildProcess[] = [];
  const site = new AbortController();
  try {
    await Deno.writeTextFile(
      `${dir}/mcp-metadata.yaml`,
      `content:\n  - name: docs\n    path: ${ROOT}/content\ncache:\n  ttlSeconds: 60\n`,
    );
    const build = await new Deno.Command(Deno.execPath(), {
      // The edge modules go to the temporary folder too, never the checkout's `.shelf/edge`.
      args: [
        "run",
        "-A",
        "scripts/build.ts",
        "--config",
        `${dir}/mcp-metadata.yaml`,
        "--out",
        dir,
        "--edge-out",
        `${dir}/edge`,
      ],
      cwd: ROOT,
      stdout: "null",
      stderr: "piped",
    }).output();
    assert.equal(build.code, 0, new TextDecoder().decode(build.stderr));
    const manifestFile = `${dir}/_shelf/manifest.json`;
    const manifestText = await Deno.readTextFile(manifestFile);

    // 1. deno run src/main.ts over HTTP.
    const http = spawn(["run", "-A", "src/main.ts", "--manifest", manifestFile, "--port", "0"]);
    children.push(http);
    const httpPort = (await waitFor(http.stderr, /http:\/\/127\.0\.0\.1:(\d+)\/mcp/))[1]!;
    const viaHttp = await overHttp(httpPort);

    // 2. deno serve src/serve.ts, configured through the environment.
    const serve = spawn(["serve", "-A", "--port", "0", "src/serve.ts"], {
      SHELF_MANIFEST: manifestFile,
    });
    children.push(serve);
    const servePort = (await waitFor(serve.stderr, /MCP endpoint: http:\/\/\S+:(\d+)\/mcp/))[1]!;
    const viaServe = await overHttp(servePort);

    // 3. The Netlify function, fetching the published manifest as it does past the budget.
    const published = Deno.serve(
      { hostname: "127.0.0.1", port: 0, signal: site.signal, onListen: () => {} },
      () => new Response(manifestText, { headers: { "content-type": "application/json" } }),
    );
    const harness = `${dir}/netlify_harness.ts`;
    await Deno.writeTextFile(
      harness,
      `const vars = JSON.parse(Deno.env.get("NETLIFY_VARS")!);
(globalThis as any).Netlify = { env: { get: (n: string) => vars[n] } };
const { default: handler } = await import(${
        JSON.stringify(`${ROOT}/netlify/edge-functions/mcp.ts`)
      });
Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: ({ port }) => console.log("port " + port) },
  (r: Request) => handler(r));
`,
    );
    const netlify = spawn(["run", "-A", "--no-check", "--config", `${ROOT}/deno.json`, harness], {
      NETLIFY_VARS: JSON.stringify({
        URL: `http://127.0.0.1:${published.addr.port}`,
        SHELF_MANIFEST: "/_shelf/manifest.json",
      }),
    });
    children.push(netlify);
    const netlifyPort = (await waitFor(netlify.stdout, /port (\d+)/))[1]!;
    const viaNetlify = await overHttp(netlifyPort);

    // 4. stdio.
    const stdio = spawn(
      ["run", "-A", "src/main.ts", "--transport", "stdio", "--manifest", manifestFile],
      {},
      true,
    );
    children.push(stdio);
    const writer = stdio.stdin.getWriter();
    await writer.write(
      new TextEncoder().encode(REQUESTS.map((r) => JSON.stringify(r)).join("\n") + "\n"),
    );
    const reader = stdio.stdout.pipeThrough(new TextDecoderStream()).getReader();
    let text = "";
    while (text.split("\n").length <= REQUESTS.length) {
      const { value, done } = await reader.read();
      if (done) break;
      text += value;
    }
    reader.releaseLock();
    await writer.close();
    const viaStdio = text.split("\n").slice(0, REQUESTS.length);

    assert.equal(JSON.parse(viaHttp[0]!).result.ttlMs, 60_000, "the manifest's TTL");
    assert.deepEqual(viaServe, viaHttp, "deno serve");
    assert.deepEqual(viaNetlify, viaHttp, "Netlify");
    assert.deepEqual(viaStdio, viaHttp, "stdio");
  } finally {
    for (const child of children) await stop(child);
    site.abort();
    await Deno.remove(dir, { recursive: true });
  }
});
