// Runs an unpacked Netlify edge bundle the way Netlify's runtime calls it: `Netlify.env` set
// before the function's module loads, and each request handed to the function with a
// Netlify-shaped context. Prints "listening on <port>" once ready. Variables come as JSON in
// NETLIFY_VARS; the function's name in NETLIFY_FUNCTION (default mcp). Used by
// edge_bundle_test.ts and tests/package/outside_in_test.ts, copied beside the unpacked modules.
const vars = JSON.parse(Deno.env.get("NETLIFY_VARS") ?? "{}");
globalThis.Netlify = {
  env: {
    get: (name) => vars[name],
    has: (name) => name in vars,
    toObject: () => ({ ...vars }),
  },
};
const { functions } = await import("./stage2.js");
const context = (request) => ({
  account: { id: "test" },
  cookies: { get: () => undefined, set: () => {}, delete: () => {} },
  deploy: { context: "production", id: "test", published: true },
  geo: {},
  ip: "127.0.0.1",
  next: () => fetch(request),
  params: {},
  requestId: crypto.randomUUID(),
  server: { region: "local" },
  site: { id: "test", name: "shelf", url: vars.URL },
  url: new URL(request.url),
  waitUntil: () => {},
});
Deno.serve(
  {
    hostname: "127.0.0.1",
    port: 0,
    onListen: ({ port }) => console.log(`listening on ${port}`),
  },
  (request) => functions[Deno.env.get("NETLIFY_FUNCTION") ?? "mcp"](request, context(request)),
);
