import type { MethodHandler } from "../method_context.ts";
import { objectParam, stringParam } from "../read_params.ts";
import { ErrorCode, RpcError } from "../rpc_error.ts";
import { renderPrompt } from "../../prompts/render_prompt.ts";

/** `prompts/get`: the filled template as one user message; bad names or arguments `-32602`. */
export const promptsGet: MethodHandler = ({ params, store }) => {
  const name = stringParam(params, "name", { maxLength: 300 });
  const prompt = store.manifest.prompts?.find((p) => p.name === name);
  if (!prompt) {
    throw new RpcError(ErrorCode.InvalidParams, `name: unknown prompt '${name.slice(0, 100)}'`);
  }
  const text = renderPrompt(prompt, objectParam(params, "arguments"));
  return {
    description: prompt.description,
    messages: [{ role: "user", content: { type: "text", text } }],
  };
};
