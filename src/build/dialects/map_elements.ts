/**
 * Rewriting chosen elements of an HTML page, nested ones matched by depth: the one pass the
 * navigation-chrome filter (`html_to_text.ts`) and the API-reference generators' cleaners
 * (`rustdoc_page.ts`, `javadoc_page.ts`, `mediawiki_page.ts`) share.
 *
 * @module
 */

/** What to do with a matched element: its replacement, from its inner HTML and opening tag. */
export type ElementRewrite = (inner: string, openTag: string) => string;

/**
 * Replaces every element named in `names` (case-insensitive) for which `pick(name, attributes)`
 * returns a rewrite with that rewrite's result; other elements are left as they are and looked
 * inside. The closing tag is found by counting the same name's opening and closing tags after
 * it, an unclosed element runs to the end, and a replaced region is never scanned again, so the
 * work stays linear in the page for a bounded nesting depth.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { mapElements } from "./map_elements.ts";
 * const html = '<div class="x"><div>in</div></div><span class="a">keep</span><div class="y">b</div>';
 * const out = mapElements(html, ["div"], (_n, attrs) =>
 *   /class="x"/.test(attrs) ? () => "" : /class="y"/.test(attrs) ? (inner) => `[${inner}]` : undefined);
 * assert.equal(out, '<span class="a">keep</span>[b]');
 * ```
 */
export function mapElements(
  html: string,
  names: readonly string[],
  pick: (name: string, attributes: string) => ElementRewrite | undefined,
): string {
  const lower = html.toLowerCase();
  const open = new RegExp(`<(${names.join("|")})(?=[\\s/>])([^<>]*)>`, "gi");
  let out = "";
  let pos = 0;
  for (let m = open.exec(html); m !== null; m = open.exec(html)) {
    const name = m[1]!.toLowerCase();
    const rewrite = pick(name, m[2]!);
    if (!rewrite || m[0].endsWith("/>")) continue;
    const innerStart = m.index + m[0].length;
    let depth = 1;
    let at = innerStart;
    let innerEnd = html.length;
    let end = html.length;
    while (depth > 0) {
      const nextOpen = nextTag(lower, `<${name}`, at);
      const nextClose = lower.indexOf(`</${name}`, at);
      if (nextClose === -1) break; // unclosed: runs to the end
      if (nextOpen !== -1 && nextOpen < nextClose) {
        depth++;
        at = nextOpen + name.length + 1;
      } else {
        depth--;
        at = nextClose + name.length + 2;
        if (depth === 0) {
          innerEnd = nextClose;
          const gt = lower.indexOf(">", at);
          end = gt === -1 ? html.length : gt + 1;
        }
      }
    }
    out += html.slice(pos, m.index) + rewrite(html.slice(innerStart, innerEnd), m[0]);
    pos = end;
    open.lastIndex = end;
  }
  return out + html.slice(pos);
}

/** The next opening tag `<name` (followed by space, `/` or `>`, so `<dl` is not `<dd`) from `at`. */
function nextTag(lower: string, tag: string, at: number): number {
  for (let i = lower.indexOf(tag, at); i !== -1; i = lower.indexOf(tag, i + 1)) {
    const c = lower[i + tag.length];
    if (c === undefined || c === ">" || c === "/" || /\s/.test(c)) return i;
  }
  return -1;
}

/** The value of attribute `name` in an opening tag's attributes (entities left as written). */
export function attribute(attributes: string, name: string): string | undefined {
  const m = new RegExp(`(?:^|\\s)${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s"'>]+))`, "i")
    .exec(attributes);
  return m ? m[1] ?? m[2] ?? m[3] : undefined;
}

/** Whether an opening tag's `class` holds the word `word`. */
export function hasClass(attributes: string, word: string): boolean {
  return (attribute(attributes, "class") ?? "").split(/\s+/).includes(word);
}
