/**
 * What a cold edge isolate loads before its first answer: the modules the edge function imports
 * statically, followed from its entry with `deno info`. Libraries only some deployments use stay
 * out of it (they are imported when first needed, and the bundle still holds them: see
 * `edge_bundle_test.ts`).
 */
import assert from "node:assert/strict";
import { ROOT } from "../helpers.ts";

interface InfoModule {
  specifier: string;
  dependencies?: { code?: { specifier: string }; isDynamic?: boolean }[];
}

/** The specifiers reachable from `entry` through static imports only. */
function staticClosure(
  info: { modules: InfoModule[]; roots: string[] },
  redirects: Record<string, string>,
) {
  const bySpecifier = new Map(info.modules.map((m) => [m.specifier, m]));
  const seen = new Set<string>();
  const stack = [...info.roots];
  while (stack.length > 0) {
    const specifier = stack.pop()!;
    const resolved = redirects[specifier] ?? specifier;
    if (seen.has(resolved)) continue;
    seen.add(resolved);
    for (const dep of bySpecifier.get(resolved)?.dependencies ?? []) {
      if (dep.code && !dep.isDynamic) stack.push(dep.code.specifier);
    }
  }
  return seen;
}

Deno.test("the edge function's start does not load the OAuth library", async () => {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["info", "--json", "netlify/edge-functions/mcp.ts"],
    cwd: ROOT,
    stdout: "piped",
    stderr: "piped",
  }).output();
  assert.equal(out.code, 0, new TextDecoder().decode(out.stderr));
  const info = JSON.parse(new TextDecoder().decode(out.stdout));
  const loaded = [...staticClosure(info, info.redirects ?? {})];
  assert.ok(loaded.some((s) => s.endsWith("/src/edge_app.ts")), "the closure reaches the app");
  assert.ok(loaded.some((s) => s.endsWith("/src/transport/oauth.ts")), "and the OAuth module");
  assert.deepEqual(loaded.filter((s) => /jose/.test(s)), [], "but not jose");
});
