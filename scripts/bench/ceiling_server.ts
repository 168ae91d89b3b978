/**
 * The ceiling for `deno task bench`: a bare `Deno.serve` that reads each JSON-RPC body, parses
 * it, and answers with the exact bytes Shelf answered for that body (recorded beforehand). No
 * routing, no validation, no work: what Deno's HTTP stack and JSON parsing alone allow on this
 * machine. Benchmark only.
 *
 * Usage: deno run -A scripts/bench/ceiling_server.ts ANSWERS.json PORT
 * (ANSWERS.json: `[[requestBody, responseBody, contentType], …]`)
 *
 * @module
 */
const [file, port] = Deno.args as [string, string];
const answers = new Map<string, { bytes: Uint8Array<ArrayBuffer>; type: string }>();
const encoder = new TextEncoder();
for (const [request, response, type] of JSON.parse(await Deno.readTextFile(file))) {
  answers.set(request, { bytes: encoder.encode(response), type });
}
Deno.serve({ hostname: "127.0.0.1", port: Number(port), onListen: () => {} }, async (req) => {
  const text = await req.text();
  JSON.parse(text);
  const answer = answers.get(text);
  if (!answer) return new Response("unknown body", { status: 404 });
  return new Response(answer.bytes, { headers: { "content-type": answer.type } });
});
console.error(`ceiling listening on ${port}`);
