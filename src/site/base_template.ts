/**
 * Texts that name the site's base URL, made once and filled in per base.
 *
 * @module
 */

let placeholder: string | undefined;

/**
 * Where the base URL goes while a text is made: a random id drawn once per isolate, so no
 * document (nor its author) can hold it. ASCII, so it survives `JSON.stringify` as it is and
 * leaves an ASCII text one-byte (V8), which Deno writes to a socket fastest. Drawn on first use:
 * a Cloudflare Worker may not generate random values while its modules load.
 */
const PLACEHOLDER = () => (placeholder ??= `~~shelf-base-${crypto.randomUUID()}~~`);

/** A text made once, with the base URL filled in per request (see {@link baseTemplate}). */
export interface BaseTemplate {
  /**
   * The text at `base`: one join of the parts around it (an answer is sent as a string: Deno
   * writes a one-byte string about three times faster than the same bytes as a `Uint8Array`).
   * The last base's text is kept, so a steady base costs one comparison.
   */
  fill(base: string): string;
}

/**
 * Makes a text once, whatever base URL it will be served at: `render` runs with a placeholder
 * base, and each {@link BaseTemplate.fill} joins the parts around the real one — work and memory
 * proportional to the text, never a new render — so a client rotating `Host` headers cannot
 * multiply the cost of a generated file. Holds the parts plus the last filled text.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { baseTemplate } from "./base_template.ts";
 * let renders = 0;
 * const t = baseTemplate((base) => (renders++, `[a](${base}/a) [b](${base}/b)`));
 * assert.equal(t.fill("http://localhost:1"), "[a](http://localhost:1/a) [b](http://localhost:1/b)");
 * assert.equal(t.fill("https://kb.example"), "[a](https://kb.example/a) [b](https://kb.example/b)");
 * assert.equal(renders, 1);
 * ```
 */
export function baseTemplate(render: (base: string) => string): BaseTemplate {
  return templateOf(render(PLACEHOLDER()));
}

/**
 * {@link baseTemplate} for a renderer of several texts at once (a map of them).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { baseTemplates } from "./base_template.ts";
 * const map = baseTemplates((base) => new Map([["/x", `${base}/x`]]));
 * assert.equal(map.get("/x")!.fill("http://a"), "http://a/x");
 * ```
 */
export function baseTemplates<K>(
  render: (base: string) => Map<K, string>,
): Map<K, BaseTemplate> {
  return new Map([...render(PLACEHOLDER())].map(([key, text]) => [key, templateOf(text)]));
}

function templateOf(text: string): BaseTemplate {
  const parts = text.split(PLACEHOLDER());
  let lastBase: string | undefined;
  let lastText = "";
  return {
    fill(base) {
      if (parts.length === 1) return text;
      if (base !== lastBase) {
        lastText = parts.join(base);
        lastBase = base;
      }
      return lastText;
    },
  };
}
