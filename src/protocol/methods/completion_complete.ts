import type { ManifestDocument } from "../../content/manifest.ts";
import type { MethodHandler } from "../method_context.ts";
import { objectParam, stringParam } from "../read_params.ts";
import { ErrorCode, RpcError } from "../rpc_error.ts";

/** Most values one completion returns (the spec's cap). */
export const COMPLETION_MAX = 100;

/**
 * `completion/complete`: values of a prompt argument (from its `enum`/`examples`) or of the
 * resource template's `source` and `path`, filtered by the typed prefix (case-insensitive),
 * at most 100, with `total` and `hasMore`. Unknown prompts, arguments and templates get no
 * values; a malformed request (no `ref.type`, no `argument.name`) is `-32602`.
 */
export const completionComplete: MethodHandler = async ({ params, store }) => {
  const ref = objectParam(params, "ref");
  const argument = objectParam(params, "argument");
  const argName = stringParam(argument, "name", { maxLength: 200 });
  const prefix = (typeof argument.value === "string" ? argument.value : "").toLowerCase();
  const context = objectParam(objectParam(params, "context"), "arguments");
  let candidates: string[];
  if (ref.type === "ref/prompt") {
    const name = stringParam(ref, "name", { maxLength: 300 });
    // Completion is a typing hint: an unknown prompt or argument has no suggestions, which is
    // an empty answer rather than an error (the conformance suite asks about a prompt it
    // cannot know the server has).
    const prompt = store.manifest.prompts?.find((p) => p.name === name);
    candidates = prompt?.arguments.find((a) => a.name === argName)?.values ?? [];
  } else if (ref.type === "ref/resource") {
    const uri = stringParam(ref, "uri");
    const source = typeof context.source === "string" ? context.source : undefined;
    if (uri !== "acdc://{source}/{+path}") candidates = [];
    else if (argName === "source") candidates = [...store.sourceNames];
    else if (argName === "path") {
      const docs = store.manifest.documents;
      if (prefix === "") {
        // Every path matches: the count is the documents' (their sources read in place), the
        // values the first ones' paths (their details read: they hold their ids), no other id.
        const first: ManifestDocument[] = [];
        let total = 0;
        for (let n = 0; n < docs.length; n++) {
          if (source && store.sourceAt(n) !== source) continue;
          if (total++ < COMPLETION_MAX) first.push(docs[n]!);
        }
        await store.loadDocuments(first);
        return {
          completion: {
            values: first.map((d) => d.path),
            total,
            hasMore: total > COMPLETION_MAX,
          },
        };
      }
      // The documents whose path may start with the prefix (a sharded build's id ranges that may
      // hold them), else every one (every path read).
      const near = await store.loadPaths(prefix, source || undefined);
      if (!near) await store.loadIds();
      candidates = (near ? near.map((n) => docs[n]!) : docs)
        .filter((d) => !source || d.source === source).map((d) => d.path);
    } else candidates = [];
  } else {
    throw new RpcError(ErrorCode.InvalidParams, "ref.type: must be ref/prompt or ref/resource");
  }
  const matches = candidates.filter((v) => v.toLowerCase().startsWith(prefix));
  return {
    completion: {
      values: matches.slice(0, COMPLETION_MAX),
      total: matches.length,
      hasMore: matches.length > COMPLETION_MAX,
    },
  };
};
