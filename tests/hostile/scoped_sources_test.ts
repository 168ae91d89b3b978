/**
 * Per-source access: a source that needs a scope is invisible — in every output a client can
 * reach — to a request whose token lacks it (no token, or one without the scope), and visible to
 * one that has it. The probes of the leak scan, over HTTP, repeated per scope.
 */
// deno-lint-ignore-file no-explicit-any
import assert from "node:assert/strict";
import { SignJWT } from "jose";
import { buildManifest } from "../../src/build/build_manifest.ts";
import { buildFromFolders } from "../../src/build/build_from_folders.ts";
import type { Manifest } from "../../src/content/manifest.ts";
import { appFor, CORPORA, post } from "../helpers.ts";
import { asker, runLeakProbes } from "./leak_probes.ts";
import { localIssuer } from "../transport/local_issuer.ts";

const ORIGIN = "http://kb.test";
const MARK = "zanzibarinternal";

/** The app over `manifest` behind a local issuer (tokens optional), and tokens for a scope. */
async function serve(manifest: Manifest) {
  const as = await localIssuer();
  const key = await as.addKey("k1");
  const { app, errors } = appFor(manifest, {
    sse: { channel: null },
    auth: {
      type: "oauth",
      issuer: as.url,
      required: false,
      scopes: [],
      algorithms: ["ES256"],
      clockSkewSeconds: 5,
    },
  });
  const token = (scope: string) =>
    new SignJWT({ scope, iss: as.url, aud: `${ORIGIN}/mcp` })
      .setProtectedHeader({ alg: "ES256", kid: "k1" })
      .setExpirationTime("5m")
      .sign(key);
  return { as, app, errors, token };
}

async function setup() {
  const { manifest } = await buildManifest({
    server: { name: "kb", version: "1" },
    sources: [
      {
        name: "public",
        description: "Public guides",
        files: [{ path: "guides/deploy.md", text: "# Deploying\n\nPush to main; it rebuilds." }],
      },
      {
        name: "internal",
        description: "Runbooks",
        scope: "docs:internal",
        files: [{
          path: "runbooks/zanzibarinternal.md",
          text:
            `---\ntags: [${MARK}tag]\n---\n# Restart ${MARK}\n\nThe ${MARK} worker restarts first. Deploying it needs care.\n`,
        }],
        prompts: [{
          path: "triage.md",
          text:
            `---\nname: triage\ndescription: Triage ${MARK}\narguments:\n  - name: host\n    examples: [${MARK}-db]\n---\nTriage {{host}}.\n`,
        }],
      },
    ],
  });
  // ChatGPT's profile on too: its search and fetch are probed as well.
  const withOpenAi = {
    ...manifest,
    settings: { ...manifest.settings, profiles: ["articles", "acdc", "sections", "openai"] },
  };
  return await serve(withOpenAi);
}

/** Every output a client can reach, as text, for a request with `authorization`. */
async function probe(app: any, authorization?: string): Promise<string> {
  const headers: Record<string, string> = {
    "content-type": "application/json",
    "mcp-protocol-version": "2025-06-18",
    host: "kb.test",
    ...(authorization ? { authorization } : {}),
  };
  // What the request itself sent is echoed in answers ("not found: <uri>"): scrubbed before the
  // scan, so that only what the server tells from its content counts.
  const sent = (value: unknown): string[] =>
    typeof value === "string"
      ? [value]
      : value && typeof value === "object"
      ? Object.values(value).flatMap(sent)
      : [];
  const scrub = (text: string, params: unknown) =>
    sent(params).flatMap((s) => [s, ...s.split(/[^a-z0-9]+/i).filter((w) => w.length > 3)])
      .sort((a, b) => b.length - a.length).reduce(
        (t, s) => t.replaceAll(JSON.stringify(s).slice(1, -1), "").replaceAll(s, ""),
        text,
      );
  const rpc = async (method: string, params: Record<string, unknown> = {}, path = "/mcp") =>
    scrub(
      JSON.stringify(
        (await post(app, { jsonrpc: "2.0", id: 1, method, params }, headers, path)).body,
      ),
      params,
    );
  const tool = (name: string, args: Record<string, unknown>) =>
    rpc("tools/call", { name, arguments: args });
  const out = [
    await rpc("initialize", {
      protocolVersion: "2025-06-18",
      capabilities: {},
      clientInfo: { name: "t", version: "1" },
    }),
    await rpc("tools/list"),
    await rpc("resources/list"),
    await rpc("resources/read", { uri: `acdc://internal/runbooks/${MARK}` }),
    await rpc("prompts/list"),
    await rpc("prompts/get", { name: "internal:triage", arguments: { host: "x" } }),
    await rpc("completion/complete", {
      ref: { type: "ref/prompt", name: "internal:triage" },
      argument: { name: "host", value: "z" },
    }),
    await rpc("completion/complete", {
      ref: { type: "ref/resource", uri: "acdc://{source}/{+path}" },
      argument: { name: "path", value: "r" },
    }),
    await tool("list_articles", {}),
    await tool("search_articles", { query: `restart ${MARK} worker` }),
    await tool("search_articles", { query: "zanzibarinternl" }), // a typo: no "did you mean" either
    await tool("search", { query: `${MARK} deploying` }),
    await tool("get_article", { slug: MARK }),
    await tool("read", { uri: `acdc://internal/runbooks/${MARK}` }),
    await tool("list_documentation_files", {}),
    await tool("table_of_contents", { filename: `runbooks/${MARK}.md` }),
    await rpc("tools/call", {
      name: "search",
      arguments: { query: `restart ${MARK} worker` },
    }, "/mcp/openai"),
    await rpc("tools/call", {
      name: "fetch",
      arguments: { id: `acdc://internal/runbooks/${MARK}` },
    }, "/mcp/openai"),
  ];
  for (
    const path of [
      "/llms.txt",
      "/llms-full.txt",
      `/_shelf/md/internal/runbooks/${MARK}.md`,
      "/_shelf/index/internal/runbooks.md",
      "/health",
      "/.well-known/mcp",
      "/mcp/server-card",
    ]
  ) {
    const res = await app.request(`${ORIGIN}${path}`, {
      headers: authorization ? { authorization } : {},
    });
    out.push(`${res.status} ${scrub(await res.text(), [path])}`);
  }
  return out.join("\n");
}

Deno.test("scoped sources: without the scope nothing of them is reachable; with it, they are", async () => {
  const { as, app, errors, token } = await setup();
  try {
    for (
      const [who, authorization] of [
        ["no token", undefined],
        ["a token without the scope", `Bearer ${await token("docs:public other")}`],
      ] as const
    ) {
      const seen = await probe(app, authorization);
      const leaks = seen.split("\n").filter((line) => line.toLowerCase().includes(MARK));
      assert.deepEqual(leaks, [], `${who} saw the internal source`);
      assert.match(seen, /Deploying/, `${who} still sees the public source`);
    }
    const granted = await probe(app, `Bearer ${await token("docs:internal")}`);
    for (
      const expected of [
        `Restart ${MARK}`,
        `internal:triage`,
        `${MARK}tag`,
        "Runbooks",
        "The zanzibarinternal worker restarts first",
      ]
    ) {
      assert.ok(granted.includes(expected), expected);
    }
    // The probe scrubs what the request sent, which also takes words of the prompt's name out of
    // the completion: asked directly, the granted client is offered the internal example.
    const completion = await post(app, {
      jsonrpc: "2.0",
      id: 2,
      method: "completion/complete",
      params: {
        ref: { type: "ref/prompt", name: "internal:triage" },
        argument: { name: "host", value: "z" },
      },
    }, {
      "content-type": "application/json",
      "mcp-protocol-version": "2025-06-18",
      host: "kb.test",
      authorization: `Bearer ${await token("docs:internal")}`,
    });
    assert.deepEqual((completion.body as any).result.completion.values, [`${MARK}-db`]);
    // ChatGPT's search finds it for the granted client.
    const found = await post(app, {
      jsonrpc: "2.0",
      id: 3,
      method: "tools/call",
      params: { name: "search", arguments: { query: "worker restarts" } },
    }, {
      "content-type": "application/json",
      "mcp-protocol-version": "2025-06-18",
      host: "kb.test",
      authorization: `Bearer ${await token("docs:internal")}`,
    }, "/mcp/openai");
    assert.deepEqual(
      JSON.parse((found.body as any).result.content[0].text).results.map((r: any) => r.id),
      [`acdc://internal/runbooks/${MARK}`],
    );
    // Clients learn the scope to ask for from the protected-resource metadata.
    const metadata = await app.request(`${ORIGIN}/.well-known/oauth-protected-resource/mcp`);
    assert.deepEqual((await metadata.json()).scopes_supported, ["docs:internal"]);
    assert.deepEqual(errors, []);
  } finally {
    app.shutdown();
    await as.close();
  }
});

Deno.test("scoped sources: the leak scan's probes, per scope, find no trace of a real site's pages", async () => {
  // The ASDLC corpus is public; VitePress's documentation is the internal source.
  const { manifest } = await buildFromFolders({
    server: { name: "kb", version: "1" },
    sources: [
      { name: "docs", description: "ASDLC", path: `${CORPORA}/asdlc` },
      {
        name: "internal",
        description: "Internal",
        path: `${CORPORA}/vitepress/docs/en`,
        scope: "docs:internal",
      },
    ],
    settings: {},
    warnings: [],
  });
  const all = {
    ...manifest,
    settings: { profiles: ["articles", "acdc", "sections", "mcp-serve", "techdoc"] },
  };
  // Each internal page's URI, title and two long lines of its body.
  const internal = manifest.documents.filter((d) => d.source === "internal");
  const traces = internal.map((d) => ({
    id: d.id,
    marks: [
      `"acdc://${d.id}"`,
      `"title":${JSON.stringify(d.title)}`,
      ...manifest.bodies[d.id]!.split("\n").map((l) => l.trim())
        .filter((l) => l.length >= 80 && !l.startsWith("|")).slice(0, 2)
        .map((l) => JSON.stringify(l).slice(1, -1)),
    ],
  }));
  const queries = [
    "agent skills",
    "guardrails",
    "context",
    "routing",
    "markdown extensions",
    "default theme search",
    "deploy",
    "frontmatter config",
    "vitepress",
    "sidebar",
    "site config",
    "the",
    "a",
  ];
  const { as, app, errors, token } = await serve(all);
  try {
    const scan = async (authorization?: string) => {
      const headers: Record<string, string> = {
        host: "kb.test",
        ...(authorization ? { authorization } : {}),
      };
      const { outputs, sectionOutputs } = await runLeakProbes(
        asker(app, headers),
        queries,
        ["concepts", "patterns", "guide", "reference"],
        ["", "g", "guide/", "reference/d", "r"],
      );
      return [...outputs, ...sectionOutputs].join("\n");
    };
    const counts: Record<string, { characters: number; traces: number }> = {};
    for (
      const [who, authorization] of [
        ["no token", undefined],
        ["another scope", `Bearer ${await token("docs:other")}`],
        ["the scope", `Bearer ${await token("docs:internal")}`],
      ] as const
    ) {
      const text = await scan(authorization);
      const found = traces.flatMap((t) => t.marks.filter((m) => text.includes(m)));
      counts[who] = { characters: text.length, traces: found.length };
      if (who === "the scope") {
        // The probes do reach the internal pages when the token may see them.
        for (const t of traces) assert.ok(text.includes(t.marks[0]!), `${t.id} not reached`);
      } else {
        assert.deepEqual(found, [], `${who} saw the internal source`);
        assert.ok(text.length > 500_000, `${who}: scanned ${text.length} characters`);
      }
    }
    if (Deno.env.get("SHELF_SCAN_COUNTS")) {
      console.log(JSON.stringify({ pages: traces.length, counts }));
    }
    assert.deepEqual(errors, []);
  } finally {
    app.shutdown();
    await as.close();
  }
});
