/**
 * Freshness from the build: a git checkout gives the commit and each file's last commit date;
 * outside git, a file's modification time; a frontmatter `lastUpdated` always wins.
 */
import assert from "node:assert/strict";
import { gitHistory } from "../../src/build/git_history.ts";
import { buildFromFolders } from "../../src/build/build_from_folders.ts";
import { createApp } from "../../src/app.ts";
import { createStoreCache } from "../../src/content/store_cache.ts";

/** Runs git in `dir` with a fixed identity and commit date (CI machines have no identity). */
async function git(dir: string, args: string[], date = "2026-01-02T03:04:05Z") {
  const out = await new Deno.Command("git", {
    args: ["-C", dir, ...args],
    env: {
      GIT_AUTHOR_NAME: "t",
      GIT_AUTHOR_EMAIL: "t@example.com",
      GIT_COMMITTER_NAME: "t",
      GIT_COMMITTER_EMAIL: "t@example.com",
      GIT_AUTHOR_DATE: date,
      GIT_COMMITTER_DATE: date,
    },
    stdout: "piped",
    stderr: "piped",
  }).output();
  assert.equal(out.code, 0, new TextDecoder().decode(out.stderr));
  return new TextDecoder().decode(out.stdout).trim();
}

const build = (path: string) =>
  buildFromFolders({
    server: { name: "kb", version: "1" },
    sources: [{ name: "docs", description: "", path }],
    settings: {},
    warnings: [],
  });

Deno.test("git checkout: the commit, each file's last commit date; frontmatter wins; untracked files use mtime", async () => {
  const repo = await Deno.makeTempDir();
  try {
    await git(repo, ["init", "-q"]);
    await Deno.mkdir(`${repo}/docs/guides`, { recursive: true });
    await Deno.writeTextFile(`${repo}/docs/guides/old.md`, "# Old\n");
    await Deno.writeTextFile(`${repo}/docs/café.md`, "# Café\n");
    await Deno.writeTextFile(
      `${repo}/docs/dated.md`,
      "---\nlastUpdated: 2025-05-05\n---\n# Dated\n",
    );
    await git(repo, ["add", "."]);
    await git(repo, ["commit", "-q", "-m", "first"]);
    await Deno.writeTextFile(`${repo}/docs/café.md`, "# Café\n\nMore.\n");
    await git(repo, ["commit", "-q", "-am", "second"], "2026-03-04T05:06:07Z");
    const head = await git(repo, ["rev-parse", "HEAD"]);
    await Deno.writeTextFile(`${repo}/docs/new.md`, "# New\n");
    const mtime = (await Deno.stat(`${repo}/docs/new.md`)).mtime!.toISOString();

    const history = await gitHistory(`${repo}/docs`);
    assert.equal(history?.commit, head);
    assert.deepEqual(Object.fromEntries(history!.dates), {
      "guides/old.md": "2026-01-02T03:04:05.000Z",
      "café.md": "2026-03-04T05:06:07.000Z",
      "dated.md": "2026-01-02T03:04:05.000Z",
    });

    const { manifest } = await build(`${repo}/docs`);
    assert.deepEqual(manifest.commits, { docs: head });
    const dates = Object.fromEntries(manifest.documents.map((d) => [d.path, d.lastUpdated]));
    assert.deepEqual(dates, {
      "guides/old": "2026-01-02T03:04:05.000Z",
      "café": "2026-03-04T05:06:07.000Z",
      "dated": "2025-05-05",
      "new": mtime,
    });

    // The commit reaches /health and initialize.
    const app = createApp({ stores: createStoreCache({ load: () => manifest }) });
    const health = await (await app.request("/health")).json();
    assert.deepEqual(health.commits, { docs: head });
    assert.equal(health.builtAt, manifest.builtAt);
    const init = await (await app.request("/mcp", {
      method: "POST",
      headers: { "content-type": "application/json", "mcp-protocol-version": "2025-11-25" },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "initialize",
        params: {
          protocolVersion: "2025-11-25",
          capabilities: {},
          clientInfo: { name: "t", version: "1" },
        },
      }),
    })).json();
    assert.match(
      init.result.instructions,
      new RegExp(`from docs at commit ${head.slice(0, 12)}\\.$`),
    );
    assert.deepEqual(init.result._meta["io.github.shelf/freshness"].commits, { docs: head });
  } finally {
    await Deno.remove(repo, { recursive: true });
  }
});

Deno.test("outside git: no commit, dates are modification times", async () => {
  const dir = await Deno.makeTempDir();
  try {
    await Deno.writeTextFile(`${dir}/page.md`, "# Page\n");
    const when = new Date("2024-06-07T08:09:10Z");
    await Deno.utime(`${dir}/page.md`, when, when);
    assert.equal(await gitHistory(dir), undefined);
    const { manifest } = await build(dir);
    assert.equal(manifest.commits, undefined);
    assert.equal(manifest.documents[0]!.lastUpdated, "2024-06-07T08:09:10.000Z");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
