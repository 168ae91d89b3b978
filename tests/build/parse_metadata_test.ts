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
    { lenient: true },
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
    warnings: ["unknown key 'extra' at config:17; ignored"],
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
  const w = parseMetadata("content: [{name: a, path: x, color: red}]\nsearch: {fuzzy: 2}", "/", {
    lenient: true,
  });
  assert.deepEqual(w.warnings, [
    "unknown key 'content[0].color' at config:1; ignored",
    "unknown key 'search.fuzzy' at config:2; ignored",
  ]);
});

Deno.test("parseMetadata: a typo stops the build with the file, the line and the closest key", () => {
  const yaml = [
    "server:",
    "  name: kb",
    "content:",
    "  - name: docs",
    "    pth: ./docs",
    "    path: ./docs",
    "serach:",
    "  maxResults: 5",
    "  boosts: {nme: 2}",
  ].join("\n");
  assert.throws(
    () => parseMetadata(yaml, "/srv", { file: "mcp-metadata.yaml" }),
    (e: unknown) => {
      assert.equal(
        (e as Error).message,
        "mcp-metadata.yaml: unknown key 'content[0].pth' at mcp-metadata.yaml:5; did you mean " +
          "'path'?; unknown key 'serach' at mcp-metadata.yaml:7; did you mean 'search'? " +
          "(fix it, or start with --lenient to warn and go on)",
      );
      return true;
    },
  );
  // Inside a known mapping, the nested key is named with its path and line.
  assert.throws(
    () => parseMetadata("content: [{name: a, path: x}]\nsearch:\n  boosts: {nme: 2}", "/"),
    /unknown key 'search\.boosts\.nme' at config:3; did you mean 'name'\?/,
  );
  // Unknown dialects and URL styles are refused with the closest value.
  assert.throws(
    () => parseMetadata("content: [{name: a, path: x, dialect: mkdoc}]", "/"),
    /content\[0\]\.dialect: unknown value "mkdoc"; did you mean 'mkdocs'\?/,
  );
  assert.throws(
    () => parseMetadata("content: [{name: a, path: x, urlStyle: pretty}]", "/"),
    /content\[0\]\.urlStyle: unknown value "pretty" \(one of clean, directory, html, file\)/,
  );
});

Deno.test("parseMetadata: a source's scope is one OAuth scope token", () => {
  const parsed = parseMetadata("content: [{name: a, path: x, scope: 'docs:internal'}]", "/");
  assert.equal(parsed.sources[0]?.scope, "docs:internal");
  for (const bad of ["'docs internal'", "'a\"b'", "''", "[x]"]) {
    assert.throws(
      () => parseMetadata(`content: [{name: a, path: x, scope: ${bad}}]`, "/"),
      /content\[0\]\.scope: /,
      bad,
    );
  }
});

Deno.test("resolvePath: relative, absolute, Windows separators", () => {
  assert.equal(resolvePath("/a/b", "c"), "/a/b/c");
  assert.equal(resolvePath("/a/b", "../c/./d"), "/a/c/d");
  assert.equal(resolvePath("/a/b", "/x"), "/x");
  assert.equal(resolvePath("/a/b", "docs\\guides"), "/a/b/docs/guides");
});
