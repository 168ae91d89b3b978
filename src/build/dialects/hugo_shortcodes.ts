/**
 * Hugo shortcodes (`{{< name args >}}`, `{{% name args %}}`) in a page's text: includes are
 * resolved, version notes kept as the text the site shows, paired tags removed with their content
 * kept, and anything else dropped and reported by name. Inline code is left as written.
 *
 * @module
 */
import { outsideCode } from "./inline_markup.ts";

/** What {@link expandShortcodes} needs. */
export interface ShortcodeOptions {
  /** The cleaned text of an included file (empty when it could not be included). */
  include: (path: string) => string;
  /** Told the kind of each shortcode dropped. */
  dropped: (kind: string) => void;
}

const SHORTCODE = /\{\{([<%])\s*(\/?)\s*([\w./-]+)((?:[^>%}]|[>%](?!\}\}))*?)\s*\/?\s*[>%]\}\}/g;

/** Shortcodes that wrap content the page shows: the tags go, the content stays. */
const PAIRED = new Set([
  "code-toggle",
  "highlight",
  "details",
  "note",
  "tip",
  "warning",
  "important",
  "caution",
  "admonition",
  "deprecated-in",
  "new-in",
  "tab",
  "tabs",
  "quick-reference",
]);

/**
 * `text` with its shortcodes expanded (see the module doc).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { expandShortcodes } from "./hugo_shortcodes.ts";
 * const dropped: string[] = [];
 * const options = { include: (p: string) => `[${p}]`, dropped: (k: string) => void dropped.push(k) };
 * assert.equal(expandShortcodes('{{% include "_common/a.md" %}}', options), "[_common/a.md]");
 * assert.equal(expandShortcodes("Since {{< new-in 0.140.0 />}} it works.", options), "Since New in v0.140.0 it works.");
 * assert.equal(expandShortcodes("See {{% eturl figure %}} and `{{< x >}}`.", options), "See  and `{{< x >}}`.");
 * assert.deepEqual(dropped, ["shortcode eturl"]);
 * ```
 */
export function expandShortcodes(text: string, options: ShortcodeOptions): string {
  return outsideCode(
    text,
    (part) =>
      part.replace(SHORTCODE, (_, __, closing: string, name: string, args: string) => {
        if (closing) return "";
        const first = /^\s*(?:"([^"]*)"|'([^']*)'|(\S+))/.exec(args);
        const arg = first ? (first[1] ?? first[2] ?? first[3] ?? "") : "";
        if (name === "include" || name === "readfile") return options.include(arg);
        if (name === "new-in") return arg ? `New in v${arg.replace(/^v/, "")}` : "";
        if (name === "deprecated-in") return arg ? `Deprecated in v${arg.replace(/^v/, "")}` : "";
        if (name === "ref" || name === "relref") return arg;
        if (PAIRED.has(name)) return "";
        options.dropped(`shortcode ${name}`);
        return "";
      }),
  );
}

/**
 * A Hugo shortcode that wraps code (`code-toggle`, `highlight`) alone on its line: its name and
 * the language of the fenced block its content becomes, or `undefined`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { codeShortcode } from "./hugo_shortcodes.ts";
 * assert.deepEqual(codeShortcode("{{< code-toggle file=hugo >}}"), { name: "code-toggle", lang: "toml" });
 * assert.deepEqual(codeShortcode("{{< highlight go-html-template >}}"), { name: "highlight", lang: "go-html-template" });
 * assert.equal(codeShortcode("{{< code-toggle config=build />}}"), undefined);
 * ```
 */
export function codeShortcode(line: string): { name: string; lang: string } | undefined {
  const m = /^\s*\{\{[<%]\s*(code-toggle|highlight)\b([^/]*?)\s*[>%]\}\}\s*$/.exec(line);
  if (!m) return undefined;
  const name = m[1]!;
  const args = m[2]!.trim();
  if (name === "highlight") return { name, lang: /^[\w-]+/.exec(args)?.[0] ?? "" };
  return { name, lang: "toml" }; // code-toggle content is site configuration, written in TOML
}
