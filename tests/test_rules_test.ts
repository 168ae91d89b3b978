/**
 * Rules that keep the suite honest: doc examples and tests assert with `node:assert/strict`
 * (Deno's `console.assert` only prints, so an example asserting `1 + 1 === 3` would pass).
 */
import assert from "node:assert/strict";
import { ROOT } from "./helpers.ts";

async function* sourceFiles(dir: string): AsyncGenerator<string> {
  for await (const entry of Deno.readDir(dir)) {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory && entry.name !== "fixtures") yield* sourceFiles(path);
    else if (entry.isFile && /\.(ts|js|mjs)$/.test(entry.name)) yield path;
  }
}

Deno.test("no console.assert in src/, scripts/, tests/ or netlify/", async () => {
  const offenders: string[] = [];
  const pattern = new RegExp("console" + "\\.assert\\(");
  for (const dir of ["src", "scripts", "tests", "netlify"]) {
    for await (const file of sourceFiles(`${ROOT}/${dir}`)) {
      if (pattern.test(await Deno.readTextFile(file))) offenders.push(file.slice(ROOT.length + 1));
    }
  }
  assert.deepEqual(offenders, []);
});
