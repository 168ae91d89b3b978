/**
 * `init` in a folder, in-process: what it writes for a private site, what it refuses, and what
 * it says when it finds no docs folder. (The packed package run from outside is
 * `tests/package/outside_in_test.ts`.)
 */
import assert from "node:assert/strict";
import { parse } from "smol-toml";
import { init, parseInitArgs } from "../../src/init/init_main.ts";
import { ConfigError } from "../../src/config/config_error.ts";
import { EditRefused } from "../../src/init/edit_toml.ts";

async function withSite(files: Record<string, string>, body: (dir: string) => Promise<void>) {
  const dir = await Deno.makeTempDir({ prefix: "shelf-init-" });
  try {
    for (const [path, text] of Object.entries(files)) {
      await Deno.mkdir(`${dir}/${path}`.replace(/\/[^/]*$/, ""), { recursive: true });
      await Deno.writeTextFile(`${dir}/${path}`, text);
    }
    await body(dir);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test("init --auth oauth: a private build, and the settings left to set named", async () => {
  await withSite({ "docs/a.md": "# A\n" }, async (dir) => {
    const report = await init(dir, parseInitArgs(["--yes", "--auth", "oauth"]));
    const toml = parse(await Deno.readTextFile(`${dir}/netlify.toml`)) as {
      build: { command: string; publish: string };
    };
    assert.equal(
      toml.build.command,
      "npx shelf-mcp build --config mcp-metadata.yaml --out dist --private",
    );
    assert.ok(report.some((line) => line.includes("ACDC_MCP_AUTH_TYPE=oauth")), report.join("\n"));
    assert.match(await Deno.readTextFile(`${dir}/mcp-metadata.yaml`), /path: \.\/docs\n/);
  });
});

Deno.test("init --auth on Cloudflare or Deno Deploy names where that platform keeps settings", async () => {
  for (
    const [platform, where] of [
      ["cloudflare", /Worker's variables and secrets/],
      ["deno-deploy", /Deno Deploy app's environment variables/],
    ] as const
  ) {
    await withSite({ "docs/a.md": "# A\n" }, async (dir) => {
      const report = await init(dir, parseInitArgs(["--platform", platform, "--auth", "apikey"]));
      const line = report.find((l) => l.includes("ACDC_MCP_AUTH_TYPE=apikey")) ?? "";
      assert.match(line, where, platform);
      assert.doesNotMatch(line, /Netlify/, platform);
    });
  }
});

Deno.test("init finds no docs folder: it says which flag to pass", async () => {
  await withSite({ "README.md": "# Not docs\n" }, async (dir) => {
    await assert.rejects(
      init(dir, parseInitArgs(["--yes"])),
      (e) => e instanceof ConfigError && /--content/.test(e.message),
    );
  });
});

Deno.test("init refuses another Worker's wrangler.toml and leaves it as it was", async () => {
  const wrangler = 'name = "site"\nmain = "src/index.ts"\n';
  await withSite({ "docs/a.md": "# A\n", "wrangler.toml": wrangler }, async (dir) => {
    await assert.rejects(
      init(dir, parseInitArgs(["--yes", "--platform", "cloudflare"])),
      (e) => e instanceof EditRefused && /another Worker/.test(e.message),
    );
    assert.equal(await Deno.readTextFile(`${dir}/wrangler.toml`), wrangler);
  });
});

Deno.test("init's flags: unknown ones and bad values are refused with the flag's name", () => {
  assert.throws(() => parseInitArgs(["--platform", "vercel"]), /--platform/);
  assert.throws(() => parseInitArgs(["--url", "ftp://x"]), /--url/);
  assert.throws(() => parseInitArgs(["--frobnicate"]), /unknown flag/);
  assert.deepEqual(parseInitArgs(["--content=./docs/", "-y"]), {
    yes: true,
    platform: "netlify",
    content: "docs",
  });
});
