/**
 * No function in `src/` runs past {@link MOST_LINES} lines (its whole text, from its first line
 * to its last, nested functions included): past that a reader no longer sees one decision, and
 * the style is a file per step. Measured with the TypeScript compiler's own parser, so every
 * kind of function counts — declarations, expressions, arrows, methods, accessors, constructors.
 */
import assert from "node:assert/strict";
import ts from "typescript";
import { ROOT } from "./helpers.ts";

/** The most lines a function in `src/` may span. */
const MOST_LINES = 150;

async function* sourceFiles(dir: string): AsyncGenerator<string> {
  for await (const entry of Deno.readDir(`${ROOT}/${dir}`)) {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory) yield* sourceFiles(path);
    else if (/\.(ts|tsx|js|mjs)$/.test(entry.name)) yield path;
  }
}

/** A function's name, or for an arrow or a function expression what it is assigned to. */
function nameOf(node: ts.SignatureDeclaration, file: ts.SourceFile): string {
  if (node.name) return node.name.getText(file);
  const parent = node.parent;
  const named = ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) ||
    ts.isPropertyDeclaration(parent);
  return named ? parent.name.getText(file) : "(anonymous)";
}

/** Each function with a body in `text`, as `path:line name` and its length in lines. */
function functionLengths(path: string, text: string): { where: string; lines: number }[] {
  const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  const out: { where: string; lines: number }[] = [];
  const lineOf = (pos: number) => file.getLineAndCharacterOfPosition(pos).line + 1;
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && "body" in node && node.body !== undefined) {
      const first = lineOf(node.getStart(file));
      out.push({
        where: `${path}:${first} ${nameOf(node, file)}`,
        lines: lineOf(node.getEnd()) - first + 1,
      });
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return out;
}

Deno.test(`functionLengths: counts every kind of function, nested ones too`, () => {
  const text = [
    "function a() {",
    "  const b = () => {",
    "    return 1;",
    "  };",
    "  return b;",
    "}",
    "class C { m() { return function () {}; } get g() { return 1; } }",
    "declare function d(): void;",
  ].join("\n");
  assert.deepEqual(functionLengths("x.ts", text), [
    { where: "x.ts:1 a", lines: 6 },
    { where: "x.ts:2 b", lines: 3 },
    { where: "x.ts:7 m", lines: 1 },
    { where: "x.ts:7 (anonymous)", lines: 1 },
    { where: "x.ts:7 g", lines: 1 },
  ]);
});

Deno.test(`no function in src/ runs past ${MOST_LINES} lines`, async () => {
  const long: string[] = [];
  let measured = 0;
  for await (const path of sourceFiles("src")) {
    for (const f of functionLengths(path, await Deno.readTextFile(`${ROOT}/${path}`))) {
      measured++;
      if (f.lines > MOST_LINES) long.push(`${f.where}: ${f.lines} lines`);
    }
  }
  assert.ok(measured > 500, `only ${measured} functions found: the walk missed src/`);
  assert.deepEqual(long, []);
});
