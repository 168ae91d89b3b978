/**
 * The bin (`bin/shelf-mcp.mjs`) as npm installs it, with a stand-in for the Deno binary of the
 * platform package: its child's exit — a code, or the signal that ended it — is the bin's own.
 */
import assert from "node:assert/strict";
import { ROOT } from "../helpers.ts";

/** A package folder holding the bin, the runtime packages' folders and a fake Deno binary. */
async function installed(fakeDeno: string): Promise<string> {
  const dir = await Deno.makeTempDir();
  await Deno.mkdir(`${dir}/bin`);
  await Deno.copyFile(`${ROOT}/bin/shelf-mcp.mjs`, `${dir}/bin/shelf-mcp.mjs`);
  for (
    const name of [
      "hono",
      "jose",
      "smol-toml",
      "stemmer",
      "yaml",
      "@netlify/blobs",
      "@netlify/runtime-utils",
      "@netlify/otel",
    ]
  ) {
    await Deno.mkdir(`${dir}/node_modules/${name}`, { recursive: true });
    await Deno.writeTextFile(`${dir}/node_modules/${name}/package.json`, "{}");
  }
  for (const platform of ["linux-x64-glibc", "linux-arm64-glibc", "darwin-x64", "darwin-arm64"]) {
    const folder = `${dir}/node_modules/@deno/${platform}`;
    await Deno.mkdir(folder, { recursive: true });
    await Deno.writeTextFile(`${folder}/deno`, `#!/bin/sh\n${fakeDeno}\n`, { mode: 0o755 });
  }
  return dir;
}

/** How `node bin/shelf-mcp.mjs <args>` ends when its Deno ends with `fakeDeno`'s shell line. */
async function binExit(fakeDeno: string, args = ["build"]) {
  const dir = await installed(fakeDeno);
  try {
    const { code, signal } = await new Deno.Command("node", {
      args: [`${dir}/bin/shelf-mcp.mjs`, ...args],
      stdout: "null",
      stderr: "null",
    }).output();
    return { code, signal };
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test({
  name: "bin: the child's exit code is the bin's",
  ignore: Deno.build.os === "windows",
  fn: async () => {
    assert.deepEqual(await binExit("exit 3"), { code: 3, signal: null });
    assert.deepEqual(await binExit("exit 0"), { code: 0, signal: null });
  },
});

Deno.test({
  name: "bin: a child ended by a signal ends the bin by the same signal, never with code 0",
  ignore: Deno.build.os === "windows",
  fn: async () => {
    // A build a CI runner's timeout ends with SIGTERM must not read as a success.
    for (const signal of ["TERM", "HUP"]) {
      const exit = await binExit(`kill -${signal} $$`);
      assert.equal(exit.signal, `SIG${signal}`, JSON.stringify(exit));
    }
  },
});

Deno.test({
  name: "bin: a first argument named like an object's property is Deno's, not a command",
  ignore: Deno.build.os === "windows",
  fn: async () => {
    for (const word of ["constructor", "toString", "__proto__"]) {
      assert.deepEqual(await binExit("exit 0", [word]), { code: 0, signal: null }, word);
    }
  },
});

Deno.test({
  name: "bin: stdio only when no transport, port or host flag is given, in long or short form",
  ignore: Deno.build.os === "windows",
  fn: async () => {
    // The stand-in Deno fails when it is handed `--transport stdio`.
    const noStdio = 'for a in "$@"; do [ "$a" = stdio ] && exit 7; done; exit 0';
    assert.equal((await binExit(noStdio, [])).code, 7);
    for (const args of [["--port", "9000"], ["-p", "9000"], ["-H", "0.0.0.0"], ["-t", "http"]]) {
      assert.equal((await binExit(noStdio, args)).code, 0, args.join(" "));
    }
  },
});
