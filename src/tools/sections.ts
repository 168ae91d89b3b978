import { lazyPattern } from "../lazy_pattern.ts";
import { cachedListResult } from "./result_cache.ts";
import { answerChars, fitCount, pageText } from "./page_text.ts";
import type { ContentStore } from "../content/content_store.ts";
import type { ManifestDocument } from "../content/manifest.ts";
import { closest } from "./closest.ts";
import { suggestionDocuments } from "./suggestion_documents.ts";
import { intArg, stringArg, ToolArgError } from "./read_args.ts";
import type { JsonSchema, ToolDefinition, ToolResult } from "./tool.ts";
import { pageUrl } from "./page_url.ts";
import { LIST_LIMITS, listSchema } from "./list_limits.ts";

/** Error codes of the documentation server's contract. */
export type SectionErrorCode = "FILE_NOT_FOUND" | "SECTION_NOT_FOUND" | "INVALID_SECTION_ID";

const sectionId = lazyPattern(
  String.raw`^[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*(?:\/[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*)*$`,
  "u",
);

/**
 * An `isError` result carrying the documentation server's error object as JSON:
 * `{"error": {"code", "message", "details"}}`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { sectionError } from "./sections.ts";
 * const r = sectionError("FILE_NOT_FOUND", "File 'x.md' not found", { filename: "x.md" });
 * assert.ok(r.isError && JSON.parse(r.content[0]!.text).error.code === "FILE_NOT_FOUND");
 * ```
 */
export function sectionError(
  code: SectionErrorCode,
  message: string,
  details: Record<string, unknown>,
): ToolResult {
  return {
    content: [{
      type: "text",
      text: JSON.stringify({ error: { code, message, details } }, null, 2),
    }],
    isError: true,
  };
}

/**
 * Formats a byte size the way the documentation server does: `532b`, `1.2kb`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { formatSize } from "./sections.ts";
 * assert.ok(formatSize(532) === "532b" && formatSize(1229) === "1.2kb");
 * ```
 */
export function formatSize(bytes: number): string {
  return bytes < 1024 ? `${bytes}b` : `${(bytes / 1024).toFixed(1)}kb`;
}

/** The file name clients see: relative to the source root, prefixed by the source if several. */
function displayName(store: ContentStore, doc: ManifestDocument): string {
  return store.sourceNames.length > 1 ? `${doc.source}/${doc.filename}` : doc.filename;
}

/**
 * Finds a document by file name (with or without extension, or `source/filename`:
 * `ContentStore.byFile`); suggests the closest when none has it (of the source it names, if it
 * names one: `suggestion_documents.ts`).
 */
async function findFile(
  store: ContentStore,
  filename: string,
): Promise<ManifestDocument | ToolResult> {
  const clean = filename.trim().replaceAll("\\", "/").replace(/^\.?\/+/, "");
  const matches = await store.byFile(clean);
  if (matches.length === 1) return matches[0]!;
  if (matches.length > 1) {
    return sectionError("FILE_NOT_FOUND", `File '${filename}' is in several sources; name one`, {
      filename,
      candidates: matches.map((d) => `${d.source}/${d.filename}`),
    });
  }
  const near = await suggestionDocuments(store, clean, { orPath: true });
  return sectionError("FILE_NOT_FOUND", `File '${filename}' not found`, {
    filename,
    suggestions: closest(near.map((d) => displayName(store, d)), clean),
  });
}

/** Output schema `{filename, sections: [item]}` with every item property required. */
function sectionsOutput(item: Record<string, JsonSchema>): JsonSchema {
  return {
    type: "object",
    properties: {
      filename: { type: "string" },
      sections: {
        type: "array",
        // `url` only where the source has a public URL.
        items: {
          type: "object",
          properties: item,
          required: Object.keys(item).filter((key) => key !== "url"),
        },
      },
    },
    required: ["filename", "sections"],
  };
}

const FILENAME: JsonSchema = {
  type: "string",
  description:
    "File path relative to the documentation root, as list_documentation_files gives it.",
};

/**
 * What a file of `list_documentation_files` takes of the answer's budget: its pretty-printed JSON,
 * about 1.3× the compact.
 */
export const fileChars = (file: object): number => JSON.stringify(file).length * 1.3 + 4;

/**
 * Less than any file takes ({@link fileChars}): a page reads the details of no more files than
 * its budget over this (the smallest file's JSON, every field empty, is 82 characters: 110.6).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { FILE_CHARS_AT_LEAST, fileChars } from "./sections.ts";
 * const smallest = { filename: "a", source: "", title: "", description: "", keywords: [], size: "0b" };
 * assert.ok(fileChars(smallest) > FILE_CHARS_AT_LEAST);
 * ```
 */
export const FILE_CHARS_AT_LEAST = 100;

/** `list_documentation_files {}`: every document with title, description, keywords, size. */
export const listDocumentationFiles: ToolDefinition = {
  name: "list_documentation_files",
  family: "sections",
  title: "List documentation files",
  description: "List every documentation file (subfolders included) with its title, " +
    "description, keywords and size. Use table_of_contents to see a file's sections. A long " +
    "list comes in parts: the answer says which offset gives the next.",
  inputSchema: {
    type: "object",
    properties: {
      offset: {
        type: "integer",
        minimum: 0,
        default: 0,
        description: "Skip this many files (the nextOffset of the previous answer).",
      },
    },
  },
  outputSchema: {
    type: "object",
    properties: {
      files: {
        type: "array",
        items: {
          type: "object",
          properties: {
            filename: { type: "string" },
            source: { type: "string" },
            title: { type: "string" },
            description: { type: "string" },
            keywords: { type: "array", items: { type: "string" } },
            size: { type: "string" },
            url: { type: "string", description: "The page on the live site, to cite." },
          },
          required: ["filename", "source", "title", "description", "keywords", "size"],
        },
      },
      total: { type: "integer" },
      nextOffset: { type: "integer", description: "Pass as offset for the next files." },
    },
    required: ["files"],
  },
  call(args, { store, structured, search }) {
    const offset = intArg(args, "offset", { min: 0, fallback: 0 });
    const budget = answerChars(search, 1000);
    // No more than fit the budget (each file takes over FILE_CHARS_AT_LEAST): their details read.
    const load = () => {
      const docs = store.manifest.documents.slice(
        offset,
        offset + Math.min(5000, Math.ceil(budget / FILE_CHARS_AT_LEAST)),
      );
      return store.loadDocuments(docs).then(() => docs);
    };
    // The same for every caller until the content changes: made once per page and era.
    return cachedListResult(
      store,
      `list_documentation_files|${offset}|${budget}|${structured}`,
      load,
      (docs) => {
        const all = docs.map((d) => ({
          filename: displayName(store, d),
          source: d.source,
          title: d.title,
          description: d.description,
          keywords: d.keywords,
          size: formatSize(d.size),
          ...pageUrl(d),
        }));
        // As many files as fit the answer's budget.
        const files = all.slice(0, fitCount(all, budget, fileChars));
        const total = store.manifest.documents.length;
        const next = offset + files.length < total ? offset + files.length : undefined;
        const result: ToolResult = {
          content: [{ type: "text", text: JSON.stringify(files, null, 2) }],
        };
        if (next !== undefined) {
          result.content.push({
            type: "text",
            text: `[Files ${offset + 1}–${next} of ${total}: call list_documentation_files with ` +
              `offset ${next} for the next.]`,
          });
        }
        if (structured) {
          result.structuredContent = next === undefined
            ? { files }
            : { files, total, nextOffset: next };
        }
        return result;
      },
    );
  },
};

/** `table_of_contents {filename, max_depth?}`: the outline of one file. */
export const tableOfContents: ToolDefinition = {
  name: "table_of_contents",
  family: "sections",
  title: "Table of contents",
  description: "The sections of one documentation file: path-based id, title, level and the " +
    "number of characters read_sections would return.",
  inputSchema: {
    type: "object",
    properties: {
      filename: FILENAME,
      max_depth: { type: "integer", minimum: 1, maximum: 6, description: "Deepest heading level." },
    },
    required: ["filename"],
  },
  outputSchema: sectionsOutput({
    id: { type: "string" },
    title: { type: "string" },
    level: { type: "integer" },
    character_count: { type: "integer" },
    url: { type: "string", description: "The section on the live site (page URL and anchor)." },
  }),
  async call(args, { store, structured, search }) {
    const filename = stringArg(args, "filename", { required: true, maxLength: 1024 })!;
    const maxDepth = intArg(args, "max_depth", { min: 1, fallback: 6, clampTo: 6 });
    const found = await findFile(store, filename);
    if ("content" in found) return found;
    // A sharded build keeps most documents' sections beside their bodies.
    await store.loadBodies([found]);
    const outline = found.sections.filter((s) => s.level <= maxDepth).map((s) => ({
      id: s.id,
      title: s.title,
      level: s.level,
      character_count: s.end - s.start,
      ...pageUrl(found, s),
    }));
    // A very long outline keeps the sections that fit the answer's budget; the note points at
    // max_depth for its top levels.
    const budget = answerChars(search, 1000);
    const sections = outline.slice(
      0,
      fitCount(outline, budget, (s) => JSON.stringify(s).length * 1.3 + 4),
    );
    const result: ToolResult = {
      content: [{ type: "text", text: JSON.stringify(sections, null, 2) }],
    };
    if (sections.length < outline.length) {
      result.content.push({
        type: "text",
        text: `[The first ${sections.length} of ${outline.length} sections fit this answer: ` +
          "ask again with a smaller max_depth for the outline's top levels.]",
      });
    }
    if (structured) result.structuredContent = { filename: displayName(store, found), sections };
    return result;
  },
};

/** The content of a section that did not fit an answer's budget. */
const LEFT_OUT = "[Left out: over this answer's budget. Ask for this section in another call.]";

/** `read_sections {filename, section_ids}`: the text of the requested sections. */
export const readSections: ToolDefinition = {
  name: "read_sections",
  family: "sections",
  lists: { section_ids: LIST_LIMITS.section_ids },
  title: "Read sections",
  description: "Read only the sections you need from a documentation file, by the ids " +
    "table_of_contents gives. A section includes its subsections.",
  inputSchema: {
    type: "object",
    properties: {
      filename: FILENAME,
      section_ids: listSchema(LIST_LIMITS.section_ids, {
        minItems: 1,
        description: "Section ids such as rest-conventions/introduction.",
      }),
    },
    required: ["filename", "section_ids"],
  },
  outputSchema: sectionsOutput({
    id: { type: "string" },
    title: { type: "string" },
    content: { type: "string" },
  }),
  async call(args, { store, structured, search }) {
    const filename = stringArg(args, "filename", { required: true, maxLength: 1024 })!;
    const ids = args.section_ids;
    if (!Array.isArray(ids) || ids.length === 0) {
      throw new ToolArgError("section_ids: must be a non-empty list of section ids");
    }
    const found = await findFile(store, filename);
    if ("content" in found) return found;
    await store.loadBodies([found]);
    const body = store.body(found);
    const byId = new Map(found.sections.map((s) => [s.id, s]));
    let room = answerChars(search, 1000) -
      (ids as unknown[]).reduce(
        (n: number, id) => n + (typeof id === "string" ? id.length * 2 : 0) + 80 + LEFT_OUT.length,
        0,
      );
    const sections = [];
    for (const id of ids) {
      if (typeof id !== "string") {
        // Described by its type only: String() or JSON of a hostile value can throw or recurse.
        const kind = id === null
          ? "null"
          : Array.isArray(id)
          ? "a list"
          : typeof id === "object"
          ? "an object"
          : `a ${typeof id}`;
        return sectionError(
          "INVALID_SECTION_ID",
          `Section id must be a string, not ${kind}: use ids from table_of_contents`,
          { filename, section_id: kind },
        );
      }
      if (!sectionId().test(id)) {
        return sectionError(
          "INVALID_SECTION_ID",
          `Section id ${JSON.stringify(id.slice(0, 100))} is malformed: ` +
            "use lowercase words joined by '-', nested with '/'",
          { filename, section_id: id.slice(0, 500) },
        );
      }
      const section = byId.get(id);
      if (!section) {
        return sectionError("SECTION_NOT_FOUND", `Section '${id}' not found in '${filename}'`, {
          filename,
          section_id: id,
          suggestions: closest([...byId.keys()], id),
        });
      }
      // Sections fill the answer's budget in the order asked; one that does not fit is cut
      // (or left empty) with a note saying how to read the rest.
      const whole = body.slice(section.start, section.end);
      // Costs are the pretty-printed JSON the agent receives: escapes, id, title, indentation.
      // (Room for every entry's id, title and a short note was set aside before the loop.)
      const escaped = JSON.stringify(whole).length;
      let content = whole;
      if (escaped > room) {
        const fits = Math.floor((room - 300) * whole.length / escaped);
        const part = fits > 200 ? pageText(whole, 0, fits).text : "";
        content = part
          ? `${part}\n\n[Cut at this answer's budget (${search.maxResponseTokens} tokens; ` +
            `${whole.length} characters in this section): ask for '${id}' alone, or for its ` +
            "subsections from table_of_contents.]"
          : LEFT_OUT;
      }
      room -= content === LEFT_OUT ? 0 : JSON.stringify(content).length;
      sections.push({ id, title: section.title, content });
    }
    const result: ToolResult = {
      content: [{ type: "text", text: JSON.stringify(sections, null, 2) }],
    };
    if (structured) result.structuredContent = { filename: displayName(store, found), sections };
    return result;
  },
};

/** The `sections` family, in listing order. */
export const SECTION_TOOLS: readonly ToolDefinition[] = [
  listDocumentationFiles,
  tableOfContents,
  readSections,
];
