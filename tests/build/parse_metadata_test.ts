import assert from "node:assert/strict";
import { parseMetadata, resolvePath } from "../../src/build/parse_metadata.ts";
import { ConfigError } from "../../src/config/config_error.ts";

Deno.test("parseMetadata: the ACDC format with Shelf's per-source keys", () => {
  const cfg = parseMetadata(
    [
      "server:",
      "  name: acme",
      "  version: 1.2",
      "  instructions: |",
      "    Search first.",
      "content:",
      "  - name: handbook",
      "    description: Handbook",
      "    path: ./handbook",
      "  - name: api",
      "    path: /abs/api",
      "    statuses: [Published]",
      "    requireStatus: false",
      "tools:",
      "  - name: search",
      "    description: custom",
      "extra: 1",
    ].join("\n"),
    "/srv/kb",
  );
  assert.deepEqual(cfg, {
    server: { name: "acme", version: "1.2", instructions: "Search first." },
    sources: [
      { name: "handbook", description: "Handbook", path: "/srv/kb/handbook" },
      {
        name: "api",
        description: "",
        path: "/abs/api",
        statuses: ["Published"],
        requireStatus: false,
      },
    ],
    settings: { toolDescriptions: { search: "custom" } },
    warnings: ["extra: unknown key, ignored"],
  });
});

Deno.test("parseMetadata: errors name the key and the rule", () => {
  const cases: [string, string][] = [
    ["content: []", "content: must be a non-empty list of {name, description, path}"],
    ["- a", "config: must be a YAML mapping with server and content"],
    ["content: [{path: x}]", "content[0].name: is required"],
    ["content: [{name: a}]", "content[0].path: is required"],
    [
      "content: [{name: 'a b', path: x}]",
      "content[0].name: 'a b' is not URI-safe: use letters, digits, '.', '_' and '-'",
    ],
    [
      "content: [{name: a, path: x}, {name: a, path: y}]",
      "content[1].name: duplicate source name 'a'",
    ],
    [
      "content: [{name: a, path: x, requireStatus: yes}]",
      "content[0].requireStatus: must be true or false",
    ],
    [
      "content: [{name: a, path: x, statuses: Live}]",
      "content[0].statuses: must be a list of status names",
    ],
    [
      "server: [1]\ncontent: [{name: a, path: x}]",
      "server: must be a mapping with name, version and instructions",
    ],
    ["server: {name: [x]}\ncontent: [{name: a, path: x}]", "server.name: must be a string"],
    ["content: [a", "config: invalid YAML: "],
  ];
  for (const [yaml, message] of cases) {
    assert.throws(() => parseMetadata(yaml, "/"), (e: unknown) => {
      assert.ok(e instanceof ConfigError, yaml);
      assert.ok(e.message.startsWith(message), `${yaml}\n  got: ${e.message}`);
      return true;
    });
  }
});

Deno.test("parseMetadata: Shelf's keys — profiles, overrides, search, cache, globs, file size", () => {
  const cfg = parseMetadata(
    [
      "content:",
      "  - name: a",
      "    path: docs",
      "    include: ['**/*.md']",
      "    exclude: drafts/**",
      "    maxFileSize: 2048",
      "tools:",
      "  profiles: [articles, techdoc]",
      "  overrides:",
      "    - {name: get_article, description: Read one}",
      "search:",
      "  maxResults: 7",
      "  boosts: {keywords: 4, name: 2.5, content: 0.5}",
      "cache:",
      "  ttlSeconds: 30",
    ].join("\n"),
    "/kb",
  );
  assert.deepEqual(cfg.sources[0], {
    name: "a",
    description: "",
    path: "/kb/docs",
    include: ["**/*.md"],
    exclude: ["drafts/**"],
    maxFileSize: 2048,
  });
  assert.deepEqual(cfg.settings, {
    profiles: ["articles", "techdoc"],
    toolDescriptions: { get_article: "Read one" },
    search: { maxResults: 7, boosts: { keywords: 4, name: 2.5, content: 0.5 } },
    cacheTtlMs: 30000,
  });
  assert.deepEqual(cfg.warnings, []);
  const bad: [string, string][] = [
    ["tools: {profiles: [wiki]}", "tools.profiles[0]: unknown profile 'wiki'"],
    ["tools: {profiles: []}", "tools.profiles: must be a non-empty list"],
    ["tools: [{name: search}]", "tools[0].description: is required"],
    ["search: {maxResults: 0}", "search.maxResults: must be an integer from 1 to 100"],
    ["search: {boosts: {name: -1}}", "search.boosts.name: must be a number of 0 or more"],
    ["cache: {ttlSeconds: x}", "cache.ttlSeconds: must be a number of 0 or more"],
  ];
  for (const [extra, message] of bad) {
    assert.throws(
      () => parseMetadata(`content: [{name: a, path: x}]\n${extra}`, "/"),
      (e: unknown) => {
        assert.ok((e as Error).message.startsWith(message), `${extra}: ${(e as Error).message}`);
        return true;
      },
    );
  }
  assert.throws(
    () => parseMetadata("content: [{name: a, path: x, maxFileSize: 1.5}]", "/"),
    /content\[0\]\.maxFileSize: must be a whole number/,
  );
  assert.throws(
    () => parseMetadata("content: [{name: a, path: x, include: [1]}]", "/"),
    /content\[0\]\.include: must be a glob or a list of globs/,
  );
  const w = parseMetadata("content: [{name: a, path: x, color: red}]\nsearch: {fuzzy: 2}", "/");
  assert.deepEqual(w.warnings, [
    "content[0].color: unknown key, ignored",
    "search.fuzzy: unknown key, ignored",
  ]);
});

Deno.test("resolvePath: relative, absolute, Windows separators", () => {
  assert.equal(resolvePath("/a/b", "c"), "/a/b/c");
  assert.equal(resolvePath("/a/b", "../c/./d"), "/a/c/d");
  assert.equal(resolvePath("/a/b", "/x"), "/x");
  assert.equal(resolvePath("/a/b", "docs\\guides"), "/a/b/docs/guides");
});
