import assert from "node:assert/strict";
import {
  appFor,
  buildFolder,
  buildMultiFixture,
  CORPORA,
  FIXTURE_HIDDEN,
  rpc,
  rpcModern,
} from "../helpers.ts";

const { manifest } = await buildMultiFixture();
const { app, errors } = appFor(manifest);

Deno.test("prompts/list: <source>:<name> with arguments; hidden prompts absent", async () => {
  const { result } = await rpc(app, "prompts/list");
  assert.deepEqual(result.prompts, [
    {
      name: "handbook:code-review",
      description: "Review a file against Acme's conventions.",
      arguments: [
        { name: "file", description: "Path of the file to review", required: true },
        { name: "tone", description: "How direct the review should be", required: false },
      ],
    },
    {
      name: "handbook:summarize",
      description: "Summarize a handbook page.",
      arguments: [{ name: "uri", description: "acdc:// URI of the page", required: true }],
    },
  ]);
});

Deno.test("prompts/get: {{.arg}} and {{ arg }} substituted, optional ones emptied, nothing left", async () => {
  const full = await rpc(app, "prompts/get", {
    name: "handbook:code-review",
    arguments: { file: "src/app.ts", tone: "direct" },
  });
  assert.deepEqual(full.result.messages, [{
    role: "user",
    content: {
      type: "text",
      text:
        "Review src/app.ts against Acme's conventions. Be direct in your feedback.\nCite the handbook section for every finding.",
    },
  }]);
  const partial = await rpc(app, "prompts/get", {
    name: "handbook:code-review",
    arguments: { file: "a.ts" },
  });
  assert.ok(!partial.result.messages[0].content.text.includes("{{"));
  const plain = await rpc(app, "prompts/get", {
    name: "handbook:summarize",
    arguments: { uri: "acdc://handbook/guides/deploy" },
  });
  assert.equal(
    plain.result.messages[0].content.text,
    "Summarize acdc://handbook/guides/deploy in five bullet points.",
  );
});

Deno.test("prompts/get: missing required, unknown and ill-typed arguments, unknown prompt → -32602", async () => {
  const cases: [Record<string, unknown>, RegExp][] = [
    [
      { name: "handbook:code-review", arguments: {} },
      /^arguments\.file: required by prompt 'handbook:code-review'$/,
    ],
    [
      { name: "handbook:code-review", arguments: { file: "x", colour: "red" } },
      /^arguments\.colour: prompt 'handbook:code-review' has no such argument/,
    ],
    [
      { name: "handbook:code-review", arguments: { file: 3 } },
      /^arguments\.file: must be a string$/,
    ],
    [{ name: "handbook:code-review", arguments: "file" }, /^arguments: must be an object$/],
    [{ name: "handbook:unfinished" }, /^name: unknown prompt/],
    [{}, /^name: required string$/],
  ];
  for (const [params, pattern] of cases) {
    const res = await rpc(app, "prompts/get", params);
    assert.equal(res.error?.code, -32602, JSON.stringify(params));
    assert.match(res.error.message, pattern);
  }
});

Deno.test("completion/complete: prompt argument values and resource-template paths", async () => {
  const complete = (
    ref: Record<string, unknown>,
    name: string,
    value: string,
    context?: Record<string, string>,
  ) =>
    rpc(app, "completion/complete", {
      ref,
      argument: { name, value },
      ...(context ? { context: { arguments: context } } : {}),
    });
  const tone = await complete({ type: "ref/prompt", name: "handbook:code-review" }, "tone", "");
  assert.deepEqual(tone.result.completion, {
    values: ["gentle", "direct", "strict"],
    total: 3,
    hasMore: false,
  });
  const file = await complete(
    { type: "ref/prompt", name: "handbook:code-review" },
    "file",
    "SRC/M",
  );
  assert.deepEqual(file.result.completion.values, ["src/main.ts"]);
  const sources = await complete(
    { type: "ref/resource", uri: "acdc://{source}/{+path}" },
    "source",
    "h",
  );
  assert.deepEqual(sources.result.completion.values, ["handbook"]);
  const paths = await complete(
    { type: "ref/resource", uri: "acdc://{source}/{+path}" },
    "path",
    "guides/",
    { source: "handbook" },
  );
  assert.deepEqual(paths.result.completion.values, ["guides/deploy", "guides/getting-started"]);
  const unknown = await complete({ type: "ref/prompt", name: "nope" }, "x", "");
  assert.deepEqual(unknown.result.completion, { values: [], total: 0, hasMore: false });
  const bad = await rpc(app, "completion/complete", {
    ref: { type: "ref/other" },
    argument: { name: "x", value: "" },
  });
  assert.equal(bad.error.code, -32602);
  const { manifest: hugo } = await buildFolder(`${CORPORA}/hugo-docs`);
  const many = await complete({ type: "ref/resource", uri: "acdc://{source}/{+path}" }, "path", "");
  assert.ok(many.result.completion.values.length <= 100);
  const huge = await rpc(appFor(hugo).app, "completion/complete", {
    ref: { type: "ref/resource", uri: "acdc://{source}/{+path}" },
    argument: { name: "path", value: "" },
  });
  assert.equal(huge.result.completion.values.length, 100);
  assert.equal(huge.result.completion.total, hugo.documents.length);
  assert.equal(huge.result.completion.hasMore, true);
});

Deno.test("logging/setLevel: accepted in legacy eras, validated, absent in 2026-07-28", async () => {
  assert.deepEqual((await rpc(app, "logging/setLevel", { level: "warning" })).result, {});
  assert.equal((await rpc(app, "logging/setLevel", { level: "loud" })).error.code, -32602);
  const modern = await rpcModern(app, "logging/setLevel", { level: "info" });
  assert.equal(modern.status, 404);
});

Deno.test("no hidden fixture content in prompts or completions", async () => {
  const out = JSON.stringify([
    await rpc(app, "prompts/list"),
    await rpc(app, "completion/complete", {
      ref: { type: "ref/resource", uri: "acdc://{source}/{+path}" },
      argument: { name: "path", value: "" },
    }),
  ]);
  for (const marker of [...FIXTURE_HIDDEN, "unfinished", "secret-plan"]) {
    assert.ok(!out.includes(marker), marker);
  }
  assert.deepEqual(errors, []);
});
