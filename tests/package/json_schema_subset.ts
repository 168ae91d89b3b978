/**
 * The parts of JSON Schema (draft 7) that Deno's `deno.json` schema uses for `deploy`,
 * `nodeModulesDir` and `importMap`: `type`, `enum`, `oneOf`, `properties`,
 * `additionalProperties: false`, `items`. Returns every violation as `path: rule`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { violations } from "./json_schema_subset.ts";
 * const schema = { type: "object", additionalProperties: false, properties: { a: { type: "string" } } };
 * assert.deepEqual(violations({ a: "x" }, schema), []);
 * assert.deepEqual(violations({ a: 1, b: 2 }, schema), ["a: type string", "b: not allowed"]);
 * ```
 */
// deno-lint-ignore no-explicit-any
export function violations(value: unknown, schema: any, path = ""): string[] {
  const at = path || "(root)";
  if (schema.oneOf) {
    const matching = schema.oneOf.filter((s: unknown) => violations(value, s, path).length === 0);
    return matching.length === 1 ? [] : [`${at}: one of ${schema.oneOf.length} schemas`];
  }
  if (schema.enum && !schema.enum.includes(value)) return [`${at}: one of ${schema.enum}`];
  const type = Array.isArray(value) ? "array" : value === null ? "null" : typeof value;
  if (schema.type && schema.type !== type) return [`${at}: type ${schema.type}`];
  const out: string[] = [];
  if (type === "object") {
    for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
      const sub = schema.properties?.[key];
      const where = path ? `${path}.${key}` : key;
      if (sub) out.push(...violations(v, sub, where));
      else if (schema.additionalProperties === false) out.push(`${where}: not allowed`);
    }
  }
  if (type === "array" && schema.items) {
    (value as unknown[]).forEach((v, i) =>
      out.push(...violations(v, schema.items, `${path}[${i}]`))
    );
  }
  return out;
}
