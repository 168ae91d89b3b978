/**
 * The MCP authorization flow end to end, with a real authorization server and the official
 * client: `oidc-provider` (an OpenID Certified implementation) on loopback issues JWT access
 * tokens for this server's resource; the SDK client meets Shelf's 401, reads the protected-
 * resource metadata, finds the authorization server, gets a token (client credentials, with the
 * resource indicator) and retries. No network beyond loopback.
 */
// deno-lint-ignore-file no-explicit-any
import assert from "node:assert/strict";
import { createServer } from "node:http";
import Provider from "oidc-provider";
import { exportJWK, generateKeyPair } from "jose";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ClientCredentialsProvider } from "@modelcontextprotocol/sdk/client/auth-extensions.js";
import { appFor, listen, manifestOf } from "../helpers.ts";

/** A free loopback port (the issuer's URL must be known before the provider is made). */
function freePort(): number {
  const l = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (l.addr as Deno.NetAddr).port;
  l.close();
  return port;
}

async function authorizationServer() {
  const { privateKey } = await generateKeyPair("ES256", { extractable: true });
  const port = freePort();
  const issuer = `http://127.0.0.1:${port}`;
  const provider = new Provider(issuer, {
    jwks: { keys: [{ ...(await exportJWK(privateKey)), kid: "as-1", alg: "ES256", use: "sig" }] },
    clients: [{
      client_id: "agent",
      client_secret: "agent-secret",
      grant_types: ["client_credentials"],
      redirect_uris: [],
      response_types: [],
      token_endpoint_auth_method: "client_secret_basic",
      id_token_signed_response_alg: "ES256",
    }],
    scopes: ["docs:read"],
    features: {
      clientCredentials: { enabled: true },
      // Tokens for a resource (RFC 8707) are JWTs naming it as their audience.
      resourceIndicators: {
        enabled: true,
        defaultResource: () => undefined,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx: unknown, resource: string) => ({
          scope: "docs:read",
          audience: resource,
          accessTokenFormat: "jwt",
          jwt: { sign: { alg: "ES256" } },
        }),
      },
    },
    ttl: { ClientCredentials: 600 },
  } as any);
  const server = createServer(provider.callback());
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    issuer,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

Deno.test("oauth: the official client gets a token from a real authorization server and reads", async () => {
  // oidc-provider prints its development warnings on the console; they are not failures.
  const warn = console.warn;
  console.warn = () => {};
  const as = await authorizationServer();
  const manifest = await manifestOf([{
    name: "docs",
    description: "",
    files: [{ path: "runbook.md", text: "# Runbook\n\nRestart the ingest worker first." }],
  }]);
  const { app, errors } = appFor(manifest, {
    sse: { channel: null },
    auth: {
      type: "oauth",
      issuer: as.issuer,
      required: true,
      scopes: ["docs:read"],
      algorithms: ["ES256"],
      clockSkewSeconds: 5,
    },
  });
  const server = listen(app);
  const connect = async (secret: string) => {
    const client = new Client({ name: "oauth-test", version: "1.0.0" });
    const transport = new StreamableHTTPClientTransport(new URL(server.url), {
      authProvider: new ClientCredentialsProvider({
        clientId: "agent",
        clientSecret: secret,
        scope: "docs:read",
      }),
    });
    await client.connect(transport);
    return client;
  };
  try {
    // Without a token: 401 naming the metadata, as the client first sees it.
    const bare = await fetch(server.url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" }),
    });
    await bare.body?.cancel();
    assert.equal(bare.status, 401);
    assert.match(
      bare.headers.get("www-authenticate") ?? "",
      /resource_metadata="http:\/\/127\.0\.0\.1:\d+\/\.well-known\/oauth-protected-resource\/mcp"/,
    );

    const client = await connect("agent-secret");
    const result = await client.callTool({ name: "search", arguments: { query: "ingest worker" } });
    assert.match((result.content as any[])[0].text, /Runbook/);
    await client.close();

    // A client the authorization server does not trust gets no token, and no content.
    await assert.rejects(() => connect("wrong-secret"));
    assert.deepEqual(errors, []);
  } finally {
    console.warn = warn;
    app.shutdown();
    await server.close();
    await as.close();
  }
});
