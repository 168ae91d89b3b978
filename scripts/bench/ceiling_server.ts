/**
 * The ceiling for `deno task bench`: a bare `Deno.serve` that reads each JSON-RPC body, parses
 * it, and answers with the exact bytes Shelf answered for that body (recorded beforehand). No
 * routing, no validation, no work: what Deno's HTTP stack and JSON parsing alone allow on this
 * machine. Benchmark only.
 *
 * Each answer is held in the form Deno sends fastest: an ASCII answer (each answer Shelf keeps,
 * which it escapes) as a string, which the runtime copies to the socket as it is; any other (a
 * fresh search's, sent as made) as its UTF-8 bytes, which it copies into a new buffer per
 * response but need no conversion (asdlc fresh-search answers, 296 of 300 past ASCII, c = 16,
 * nine interleaved rounds, 2026-11-25: 41 µs of CPU per request as bytes, 64 as strings). Until 2026-11-24 every answer was held as bytes, and that copy made the ceiling
 * slower than it can be: hugo-docs `list_articles` (a 15 KB answer), c = 16, seven interleaved
 * rounds, 30 µs of CPU per request as bytes against 21 µs as a string (34,000 against 47,000
 * rps), which had put Shelf at 87% of a ceiling it was really at 63% of.
 *
 * Usage: deno run -A scripts/bench/ceiling_server.ts ANSWERS.json PORT
 * (ANSWERS.json: `[[requestBody, responseBody, contentType], …]`)
 *
 * @module
 */
const [file, port] = Deno.args as [string, string];
const answers = new Map<string, { body: string | Uint8Array<ArrayBuffer>; type: string }>();
const encoder = new TextEncoder();
const PAST_ASCII = /[\u0080-\uffff]/;
for (const [request, response, type] of JSON.parse(await Deno.readTextFile(file))) {
  const body = PAST_ASCII.test(response) ? encoder.encode(response) : response;
  answers.set(request, { body, type });
}
Deno.serve({ hostname: "127.0.0.1", port: Number(port), onListen: () => {} }, async (req) => {
  const text = await req.text();
  JSON.parse(text);
  const answer = answers.get(text);
  if (!answer) return new Response("unknown body", { status: 404 });
  return new Response(answer.body, { headers: { "content-type": answer.type } });
});
console.error(`ceiling listening on ${port}`);
