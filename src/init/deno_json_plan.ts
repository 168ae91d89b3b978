/**
 * What `shelf-mcp init --platform deno-deploy` adds to a site's `deno.json`: the `deploy`
 * section Deno Deploy reads (the install and build commands it runs itself, and the entrypoint
 * with its arguments; the schema is `deploy` in Deno's `cli/schemas/config-file.v1.json`), the
 * import map the build writes (Deno refuses to strip types from TypeScript it resolves in
 * `node_modules` as a package, so Shelf's modules are mapped to their files), and
 * `nodeModulesDir: "none"` (so that Deno reads them as plain files). What is there already is
 * kept; a setting that conflicts is refused with what to change.
 *
 * @module
 */
import { EditRefused } from "./edit_toml.ts";
import { IMPORT_MAP } from "./netlify_toml_plan.ts";

/** The entry a Deno Deploy site gets. */
export const DENO_ENTRY = [
  "// Shelf's MCP server (the package shelf-mcp): serves the build `shelf-mcp build` writes.",
  'export { default } from "shelf-mcp/serve";',
  "",
].join("\n");

/** What the plan needs to know of the site. */
export interface DenoPlanInput {
  /** Shelf's build command. */
  shelfBuild: string;
  /** The entry file (relative to the repository). */
  entrypoint: string;
  /** The arguments the entry gets (`--config mcp-metadata.yaml`). */
  args: string[];
}

type Json = Record<string, unknown>;

/**
 * `text` (a `deno.json`, or `undefined` when there is none) with Shelf's settings. Throws when
 * the file is not plain JSON (comments would be lost) or sets another import map, imports of
 * its own, another `nodeModulesDir` or another deploy build.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { denoJsonPlan } from "./deno_json_plan.ts";
 * const input = { shelfBuild: "npx shelf-mcp build", entrypoint: "shelf.ts", args: [] };
 * const once = denoJsonPlan(undefined, input);
 * assert.equal(JSON.parse(once).deploy.runtime.entrypoint, "shelf.ts");
 * assert.equal(denoJsonPlan(once, input), once);
 * assert.throws(() => denoJsonPlan('{"imports": {"a": "./a.ts"}}', input), /imports/);
 * ```
 */
export function denoJsonPlan(text: string | undefined, input: DenoPlanInput): string {
  let doc: Json;
  try {
    doc = text === undefined ? {} : JSON.parse(text);
  } catch {
    throw new EditRefused(
      "deno.json is not plain JSON (comments?): add Shelf's deploy section by hand (docs/deploy.md)",
    );
  }
  const conflict = (key: string, want: unknown) => {
    if (doc[key] !== undefined && JSON.stringify(doc[key]) !== JSON.stringify(want)) {
      throw new EditRefused(
        `deno.json sets ${key} to ${JSON.stringify(doc[key])}; Shelf needs ` +
          `${JSON.stringify(want)}: change it, or deploy Shelf from its own repository`,
      );
    }
  };
  if (doc.imports !== undefined) {
    throw new EditRefused(
      "deno.json has imports of its own; Shelf's import map (the build writes it) replaces " +
        "them: deploy Shelf from a deno.json without imports",
    );
  }
  conflict("importMap", IMPORT_MAP);
  conflict("nodeModulesDir", "none");
  const deploy = (doc.deploy ?? {}) as Json;
  const runtime = (deploy.runtime ?? {}) as Json;
  const wanted = {
    ...doc,
    nodeModulesDir: "none",
    importMap: IMPORT_MAP,
    deploy: {
      ...deploy,
      install: deploy.install ?? "npm install",
      build: deploy.build ?? input.shelfBuild,
      runtime: {
        ...runtime,
        mode: "dynamic",
        entrypoint: runtime.entrypoint ?? input.entrypoint,
        args: runtime.args ?? input.args,
      },
    },
  };
  const build = String(wanted.deploy.build);
  if (!/\bshelf-mcp(@\S+)? build\b/.test(build)) {
    wanted.deploy.build = `${build} && ${input.shelfBuild}`;
  }
  if (runtime.mode !== undefined && runtime.mode !== "dynamic") {
    throw new EditRefused(
      `deno.json's deploy.runtime.mode is ${runtime.mode}; Shelf needs dynamic`,
    );
  }
  const out = JSON.stringify(wanted, null, 2) + "\n";
  return text !== undefined && JSON.stringify(JSON.parse(text)) === JSON.stringify(wanted)
    ? text
    : out;
}
