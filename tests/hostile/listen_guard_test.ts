/**
 * Every HTTP entry point guards itself by the address it is bound to, as the runtime reports it:
 * on loopback, foreign `Host` headers and foreign browser origins are refused (403); on all
 * interfaces they pass (the operator chose a public address). Each entry runs in its own
 * process, as a developer starts it.
 */
import assert from "node:assert/strict";
import { ROOT } from "../helpers.ts";
import { spawnServer } from "../spawn_server.ts";

/** Starts `deno <args>` from the checkout and returns the port it listens on. */
const start = (args: string[]) => spawnServer(args, { cwd: ROOT });

/**
 * Status and echoed origin of `GET /health` and `POST /mcp` with the given headers, sent over a
 * raw socket (`fetch` replaces a `Host` header with the URL's own).
 */
async function ask(port: number, headers: Record<string, string>) {
  const out: [number, string | null][] = [];
  const ping = '{"jsonrpc":"2.0","id":1,"method":"ping"}';
  for (const [method, path, body] of [["GET", "/health", ""], ["POST", "/mcp", ping]]) {
    const lines = [
      `${method} ${path} HTTP/1.1`,
      ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
      "content-type: application/json",
      `content-length: ${body!.length}`,
      "connection: close",
    ];
    const conn = await Deno.connect({ hostname: "127.0.0.1", port });
    await conn.write(new TextEncoder().encode(lines.join("\r\n") + "\r\n\r\n" + body));
    const answer = await new Response(conn.readable).text();
    const head = answer.slice(0, answer.indexOf("\r\n\r\n"));
    const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]);
    const echoed = /^access-control-allow-origin: (.*)$/im.exec(head)?.[1] ?? null;
    out.push([status, echoed]);
  }
  return out;
}

const ENTRIES: { name: string; args: string[]; loopback: boolean }[] = [
  {
    name: "deno serve --host 127.0.0.1",
    args: ["serve", "-A", "--host", "127.0.0.1", "--port", "0", "src/serve.ts"],
    loopback: true,
  },
  {
    name: "deno serve (all interfaces)",
    args: ["serve", "-A", "--port", "0", "src/serve.ts"],
    loopback: false,
  },
  {
    name: "deno run src/main.ts (default host)",
    args: ["run", "-A", "src/main.ts", "--port", "0"],
    loopback: true,
  },
  {
    name: "deno run src/main.ts --host 0.0.0.0",
    args: ["run", "-A", "src/main.ts", "--host", "0.0.0.0", "--port", "0"],
    loopback: false,
  },
];

for (const entry of ENTRIES) {
  Deno.test(`listen guard: ${entry.name}`, async () => {
    const server = await start(entry.args);
    try {
      assert.ok(server.port, `${entry.name} did not listen:\n${server.log()}`);
      const both = (status: number, echoed: string | null) => [[status, echoed], [status, echoed]];
      // A loopback Host and no Origin (a local client): always served.
      assert.deepEqual(
        await ask(server.port, { host: `localhost:${server.port}` }),
        both(200, null),
      );
      // A foreign Host (DNS rebinding): refused on loopback only.
      assert.deepEqual(
        await ask(server.port, { host: "attacker.example" }),
        both(entry.loopback ? 403 : 200, null),
      );
      // A local tool's page (the MCP Inspector): served and echoed on both.
      const inspector = "http://localhost:6274";
      assert.deepEqual(
        await ask(server.port, { host: `127.0.0.1:${server.port}`, origin: inspector }),
        both(200, inspector),
      );
      // Any other page a developer opens, and sandboxed documents (`null`): loopback refuses.
      for (const origin of ["https://attacker.example", "null"]) {
        assert.deepEqual(
          await ask(server.port, { host: `127.0.0.1:${server.port}`, origin }),
          entry.loopback ? both(403, null) : both(200, origin),
          origin,
        );
      }
    } finally {
      await server.stop();
    }
  });
}
