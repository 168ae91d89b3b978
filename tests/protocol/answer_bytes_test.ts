/**
 * Answers as kept text: a cached result is serialized and escaped to ASCII once, and every answer
 * is the same text as a fresh serialization would be, with the request's own id, in each era.
 */
import assert from "node:assert/strict";
import { appFor, buildFolder, MODERN_META, modernHeaders, ROOT } from "../helpers.ts";
import { type JsonRpcResponse, responseText, serializeResponse } from "../../src/protocol/codec.ts";
import { asciiText } from "../../src/protocol/ascii_json.ts";
import { markReusable } from "../../src/tools/reusable.ts";
import {
  cachedResult,
  RESULT_CACHE_MAX_CHARS,
  SEARCH_CACHE_BOUNDS,
} from "../../src/tools/result_cache.ts";
import { createEngineCache } from "../../src/search/engine_cache.ts";

const { manifest } = await buildFolder(`${ROOT}/content`);

async function raw(
  app: ReturnType<typeof appFor>["app"],
  body: unknown,
  headers: Record<string, string>,
) {
  const res = await app.request("/mcp", { method: "POST", headers, body: JSON.stringify(body) });
  return { type: res.headers.get("content-type"), text: await res.text() };
}

const LEGACY = { "content-type": "application/json", "mcp-protocol-version": "2025-11-25" };

Deno.test("cached answers: each id spliced in, same result bytes, every era, JSON and SSE", async () => {
  const { app, errors } = appFor(manifest);
  for (
    const [name, args] of [
      ["get_article", { slug: "guides/deploy-netlify" }],
      ["read", { uri: "acdc://docs/guides/deploy-netlify" }],
      ["list_articles", {}],
      ["search", { query: "deploy to netlify" }],
      ["search_articles", { query: "deploy" }],
    ] as const
  ) {
    const params = { name, arguments: args };
    const answers = [];
    for (const id of [1, 'a"b', 9007199254740993n]) {
      const body = `{"jsonrpc":"2.0","id":${typeof id === "string" ? JSON.stringify(id) : id},` +
        `"method":"tools/call","params":${JSON.stringify(params)}}`;
      const res = await app.request("/mcp", { method: "POST", headers: LEGACY, body });
      const text = await res.text();
      assert.ok(
        text.startsWith(
          `{"jsonrpc":"2.0","id":${typeof id === "string" ? JSON.stringify(id) : id},"result":`,
        ),
        text.slice(0, 80),
      );
      answers.push(text.slice(text.indexOf('"result":')));
    }
    // A search's answer is kept from its second asking: the first one is sent as made (characters
    // past ASCII as they are), the kept ones in ASCII, byte for byte the same; all one value.
    const kept = name.startsWith("search") ? answers.slice(1) : answers;
    assert.equal(new Set(kept).size, 1, `${name}: one result, three ids`);
    assert.deepEqual(
      new Set(answers.map((a) => JSON.stringify(JSON.parse(`{${a}`)))).size,
      1,
      `${name}: one value`,
    );
    const parsed = JSON.parse(`{${answers[0]}`);
    assert.equal(parsed.result.isError, undefined, name);

    const modern = await raw(app, {
      jsonrpc: "2.0",
      id: 7,
      method: "tools/call",
      params: { ...params, _meta: MODERN_META },
    }, modernHeaders("tools/call", name));
    const again = await raw(app, {
      jsonrpc: "2.0",
      id: 8,
      method: "tools/call",
      params: { ...params, _meta: MODERN_META },
    }, modernHeaders("tools/call", name));
    const m = JSON.parse(modern.text);
    assert.equal(m.id, 7);
    assert.equal(m.result.resultType, "complete");
    assert.deepEqual(m.result.content, parsed.result.content, `${name}: same content in both eras`);
    assert.deepEqual(JSON.parse(again.text).result, m.result);
    assert.equal(JSON.parse(again.text).id, 8);

    const sse = await raw(app, { jsonrpc: "2.0", id: 3, method: "tools/call", params }, {
      ...LEGACY,
      accept: "text/event-stream",
    });
    assert.equal(sse.type, "text/event-stream");
    assert.equal(sse.text, `event: message\ndata: {"jsonrpc":"2.0","id":3,${kept[0]}\n\n`);
  }
  assert.deepEqual(errors, []);
});

Deno.test("responseText: a reusable result in ASCII; a response for one request as serialized", () => {
  const shared = { content: [{ type: "text", text: 'ünïcode \u2028 "q"' }] };
  markReusable(shared);
  const responses: JsonRpcResponse[] = [
    { jsonrpc: "2.0" as const, id: 1, result: shared },
    { jsonrpc: "2.0" as const, id: "x", result: { fresh: true } },
    { jsonrpc: "2.0" as const, id: null, error: { code: -32600, message: "bad" } },
  ];
  for (const r of [...responses, responses]) {
    const kept = !Array.isArray(r) && "result" in r && r.result === shared;
    assert.equal(
      responseText(r),
      kept ? asciiText(serializeResponse(r)) : serializeResponse(r),
    );
    if (kept) assert.doesNotMatch(responseText(r), /[^\p{ASCII}]/u);
    assert.equal(JSON.stringify(JSON.parse(responseText(r))), JSON.stringify(r));
  }
  // One-off answers keep their characters (UTF-8 on the wire), escapes and all.
  const fresh = { jsonrpc: "2.0" as const, id: 2, result: { text: "é \u2028 \ud800" } };
  assert.deepEqual(JSON.parse(responseText(fresh)), fresh);
});

Deno.test("responseText: one result answered in turn with ids of every length and both framings", async () => {
  const shared = { content: [{ type: "text", text: "ünï \u2028" }] };
  markReusable(shared);
  const ids = [1, 2, 1, 10, 9, "é", "e", "ab", 123456789, "x", 7, 7, "ü", 3];
  const framings: [string, string][] = [["", ""], ["event: message\ndata: ", "\n\n"]];
  const made: { response: Response; text: string }[] = [];
  const answer = (id: string | number, [prefix, suffix]: [string, string]) => {
    const r = { jsonrpc: "2.0" as const, id, result: shared };
    const text = asciiText(prefix + serializeResponse(r) + suffix);
    const answer = responseText(r, prefix, suffix);
    assert.equal(answer, text);
    made.push({ response: new Response(answer), text });
  };
  // One framing after the other, then alternating (the kept answer replaced each time).
  for (const framing of framings) for (const id of ids) answer(id, framing);
  for (const id of ids) for (const framing of framings) answer(id, framing);
  // Every Response answers its own text.
  for (const { response, text } of made) assert.equal(await response.text(), text);
});

Deno.test("result cache: bounded by characters, oldest out first; errors never kept", () => {
  const store = {} as never;
  const big = "x".repeat(RESULT_CACHE_MAX_CHARS / 8);
  let made = 0;
  const make = () => (made++, { content: [{ type: "text" as const, text: big }] });
  for (let i = 0; i < 10; i++) cachedResult(store, `k${i}`, make);
  assert.equal(made, 10);
  cachedResult(store, "k9", make);
  assert.equal(made, 10, "the newest is kept");
  cachedResult(store, "k0", make);
  assert.equal(made, 11, "the oldest was dropped to stay under the bound");
  let failures = 0;
  const fail =
    () => (failures++, { content: [{ type: "text" as const, text: "no" }], isError: true });
  cachedResult(store, "e", fail);
  cachedResult(store, "e", fail);
  assert.equal(failures, 2);
});

Deno.test("searches: a repeated question is answered from memory, per era shape and arguments", async () => {
  const engines = createEngineCache();
  let searches = 0;
  const { app, errors } = appFor(manifest, {
    engines: { get: (store) => (searches++, engines.get(store)) },
  });
  const ask = async (args: Record<string, unknown>, version = "2025-11-25", name = "search") => {
    const res = await app.request("/mcp", {
      method: "POST",
      headers: { ...LEGACY, "mcp-protocol-version": version },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "tools/call",
        params: { name, arguments: args },
      }),
    });
    return JSON.parse(await res.text()).result;
  };
  const first = await ask({ query: "deploy to netlify" });
  assert.equal(searches, 1);
  assert.deepEqual(await ask({ query: "deploy to netlify" }), first);
  assert.equal(searches, 2, "asked once, the answer was not kept");
  assert.deepEqual(await ask({ query: "deploy to netlify" }), first);
  assert.equal(searches, 2, "asked again, it was: no search");
  const twice = async (args: Record<string, unknown>, version?: string, name?: string) => {
    await ask(args, version, name);
    return await ask(args, version, name);
  };
  await twice({ query: "deploy to deno" });
  assert.equal(searches, 4, "another question");
  const legacy = await twice({ query: "deploy to netlify" }, "2025-03-26");
  assert.equal(searches, 6, "an era without structured content has its own answer");
  assert.equal(legacy.structuredContent, undefined);
  assert.deepEqual(legacy.content, first.content);
  await twice({ query: "deploy to netlify" }, "2025-11-25", "search_articles");
  assert.equal(searches, 8, "another tool");
  await ask({ query: "deploy to netlify" }, "2025-11-25", "search_articles");
  assert.equal(searches, 8, "kept for that tool");
  const long = { query: "deploy", padding: "x".repeat(2500) };
  await twice(long);
  await ask(long);
  assert.equal(searches, 11, "arguments too long to keep are answered, not kept");
  for (let i = 0; i < SEARCH_CACHE_BOUNDS.maxEntries; i++) await twice({ query: `deploy ${i}` });
  const before = searches;
  await ask({ query: "deploy to deno" });
  assert.equal(searches, before + 1, "bounded: the oldest questions were let go");
  // Questions asked once each, more than the cache holds: none kept, none pushes one out.
  await twice({ query: "deploy to deno" });
  for (let i = 0; i < 2 * SEARCH_CACHE_BOUNDS.maxEntries; i++) await ask({ query: `once ${i}` });
  const settled = searches;
  await ask({ query: "deploy to deno" });
  assert.equal(searches, settled, "still kept after a stream of new questions");
  // A question asked again only after more than `maxEntries` others is new again.
  await ask({ query: "once 0" });
  await ask({ query: "once 0" });
  assert.equal(searches, settled + 2, "forgotten: asked twice more before it is kept");
  assert.deepEqual(errors, []);
});

Deno.test("kept answers are one-byte strings, which the runtime copies without converting", async () => {
  // V8 tells a string's representation only to its own debugging functions: a child process
  // prints it (`u` marks a two-byte string, `c` a concatenation), for a result with characters
  // past ASCII, before and after `responseText`.
  const script = await Deno.makeTempFile({ suffix: ".ts" });
  try {
    const src = (path: string) => new URL(`../../src/${path}`, import.meta.url).href;
    await Deno.writeTextFile(
      script,
      `import { responseText } from "${src("protocol/codec.ts")}";
import { markReusable } from "${src("tools/reusable.ts")}";
const print = new Function("s", "%DebugPrint(s)");
const result = { content: [{ type: "text", text: "Ship it \\u2014 today. ".repeat(40) }] };
markReusable(result);
print(JSON.stringify(result));
print(responseText({ jsonrpc: "2.0", id: 1, result }));
print(responseText({ jsonrpc: "2.0", id: 2, result }, "data: ", "\\n\\n"));
print(responseText({ jsonrpc: "2.0", id: "\\u0141\\u00f3d\\u017a", result }));
`,
    );
    const out = await new Deno.Command(Deno.execPath(), {
      args: ["run", "--v8-flags=--allow-natives-syntax", script],
      stdout: "piped",
      stderr: "piped",
    }).output();
    assert.equal(out.code, 0, new TextDecoder().decode(out.stderr));
    const kinds = [...new TextDecoder().decode(out.stdout).matchAll(/<String\[\d+\]: (\w*)"/g)]
      .map((m) => m[1]);
    // The control: the result's JSON is two-byte; the answers are not, a string id past ASCII too.
    assert.deepEqual(
      kinds.map((k) => k!.includes("u")),
      [true, false, false, false],
      kinds.join(","),
    );
  } finally {
    await Deno.remove(script);
  }
});
