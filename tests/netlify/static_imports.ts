/**
 * The imports of a bundle's modules, resolved through its import map: which modules a cold
 * isolate loads with the entry (static imports, followed), and which modules reach a Node
 * built-in (`node:…`, directly or through an import-map entry such as `"process": "node:process"`).
 */

/**
 * The specifiers of a module's static `import … from`, `export … from` and bare `import "…"`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.deepEqual(
 *   staticSpecifiers('import{a as b}from"./c.js";import"./d.js";export*from"e";f(import("./g.js"))'),
 *   ["./c.js", "e", "./d.js"],
 * );
 * ```
 */
export function staticSpecifiers(text: string): string[] {
  const found: string[] = [];
  const patterns = [
    // At a line's start, after a comment the bundler's transpiler left on the same line, or after
    // the statement before it on a minified line (`lib/`, `scripts/bundle_runtime.ts`).
    /(?:^|\*\/|;)\s*(?:import|export)\b[^;'"`]*?\bfrom\s*["']([^"']+)["']/gm,
    /(?:^|\*\/|;)\s*import\s*["']([^"']+)["']/gm,
  ];
  for (const pattern of patterns) {
    for (const m of text.matchAll(pattern)) found.push(m[1]!);
  }
  return found;
}

/**
 * Resolves `specifier`, imported by the module at `from`, through `imports` (exact keys, then the
 * longest `…/` prefix), else relative to `from`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const map = { process: "node:process", "hono/": "file:///root/node_modules/hono/" };
 * assert.equal(resolve("process", "file:///root/a.js", map), "node:process");
 * assert.equal(resolve("hono/x.js", "file:///root/a.js", map), "file:///root/node_modules/hono/x.js");
 * assert.equal(resolve("./b.js", "file:///root/src/a.js", map), "file:///root/src/b.js");
 * ```
 */
export function resolve(specifier: string, from: string, imports: Record<string, string>): string {
  const exact = imports[specifier];
  if (exact !== undefined) return exact;
  const prefix = Object.keys(imports).filter((k) => k.endsWith("/") && specifier.startsWith(k))
    .sort((a, b) => b.length - a.length)[0];
  if (prefix !== undefined) return imports[prefix]! + specifier.slice(prefix.length);
  if (/^[a-z][a-z0-9+.-]*:/i.test(specifier)) return specifier;
  return new URL(specifier, from).href;
}

/**
 * The modules loaded with `entry` (its static imports, followed through `read`), and the modules
 * of `all` that import a Node built-in statically.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const files: Record<string, string> = {
 *   "file:///e.js": 'import "./a.js";\nconst b = () => import("./b.js");',
 *   "file:///a.js": "export const a = 1;",
 *   "file:///b.js": 'import process from "process";',
 * };
 * const graph = importGraph("file:///e.js", Object.keys(files), (s) => files[s], {
 *   process: "node:process",
 * });
 * assert.deepEqual(graph.loadedWithEntry, ["file:///a.js", "file:///e.js"]);
 * assert.deepEqual(graph.nodeImporters, ["file:///b.js"]);
 * ```
 */
export function importGraph(
  entry: string,
  all: string[],
  read: (specifier: string) => string | undefined,
  imports: Record<string, string>,
): { loadedWithEntry: string[]; nodeImporters: string[] } {
  const resolved = (s: string) =>
    staticSpecifiers(read(s) ?? "").map((spec) => resolve(spec, s, imports));
  const seen = new Set<string>();
  const stack = [entry];
  while (stack.length > 0) {
    const s = stack.pop()!;
    if (seen.has(s) || s.startsWith("node:")) continue;
    seen.add(s);
    stack.push(...resolved(s));
  }
  return {
    loadedWithEntry: [...seen].sort(),
    nodeImporters: all.filter((s) => resolved(s).some((t) => t.startsWith("node:"))).sort(),
  };
}
