/**
 * The `[[edge_functions]]` routes of a `netlify.toml`, as the declarations Netlify's bundler
 * takes. Reads only the simple `key = "value"` lines those tables use.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { edgeRoutes } from "./netlify_toml.ts";
 * const toml = '[build]\ncommand = "x"\n\n[[edge_functions]]\n  path = "/mcp"\n  function = "mcp"\n';
 * assert.deepEqual(edgeRoutes(toml), [{ function: "mcp", path: "/mcp" }]);
 * ```
 */
export function edgeRoutes(toml: string): { function: string; path: string }[] {
  const routes: { function: string; path: string }[] = [];
  let current: Record<string, string> | undefined;
  for (const raw of toml.split("\n")) {
    const line = raw.replace(/#.*$/, "").trim();
    if (line.startsWith("[")) {
      if (current) routes.push({ function: current.function ?? "", path: current.path ?? "" });
      current = line === "[[edge_functions]]" ? {} : undefined;
      continue;
    }
    const m = /^(\w+)\s*=\s*"([^"]*)"$/.exec(line);
    if (current && m) current[m[1]!] = m[2]!;
  }
  if (current) routes.push({ function: current.function ?? "", path: current.path ?? "" });
  return routes;
}

/**
 * The `deno_import_map` of `[functions]` in a `netlify.toml`, which Netlify hands its bundler.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { denoImportMap } from "./netlify_toml.ts";
 * assert.equal(denoImportMap('[functions]\n  deno_import_map = "./map.json"\n'), "./map.json");
 * assert.equal(denoImportMap('[build]\n  publish = "dist"\n'), undefined);
 * ```
 */
export function denoImportMap(toml: string): string | undefined {
  let inFunctions = false;
  for (const raw of toml.split("\n")) {
    const line = raw.replace(/#.*$/, "").trim();
    if (line.startsWith("[")) inFunctions = line === "[functions]";
    const m = /^deno_import_map\s*=\s*"([^"]*)"$/.exec(line);
    if (inFunctions && m) return m[1];
  }
  return undefined;
}
