/**
 * The MCP authorization flow end to end, with a real authorization server and the official
 * client: `oidc-provider` (an OpenID Certified implementation) on loopback issues JWT access
 * tokens for this server's resource; the SDK client meets Shelf's 401, reads the protected-
 * resource metadata, finds the authorization server, gets a token and retries — as a service does
 * (client credentials) and as Claude.ai or ChatGPT do (dynamic client registration, the
 * authorization-code flow with PKCE through a sign-in and consent the test's "browser" accepts,
 * each with the resource indicator). No network beyond loopback.
 */
// deno-lint-ignore-file no-explicit-any
import assert from "node:assert/strict";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import Provider from "oidc-provider";
import { exportJWK, generateKeyPair } from "jose";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ClientCredentialsProvider } from "@modelcontextprotocol/sdk/client/auth-extensions.js";
import {
  type OAuthClientProvider,
  UnauthorizedError,
} from "@modelcontextprotocol/sdk/client/auth.js";
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from "@modelcontextprotocol/sdk/shared/auth.js";
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
    // Clients that register themselves (as Claude.ai and ChatGPT do) sign ID tokens with our key.
    clientDefaults: { id_token_signed_response_alg: "ES256" },
    // The sign-in and consent pages: answered by `interact` below, as a user who says yes.
    interactions: { url: (_ctx: unknown, interaction: any) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx: unknown, sub: string) => ({ accountId: sub, claims: () => ({ sub }) }),
    features: {
      clientCredentials: { enabled: true },
      registration: { enabled: true },
      devInteractions: { enabled: false },
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
    ttl: {
      ClientCredentials: 600,
      AccessToken: 600,
      AuthorizationCode: 60,
      Interaction: 600,
      Session: 600,
      Grant: 600,
    },
  } as any);
  const callback = provider.callback();
  /** Alice signs in and consents to what the client asked for (the scopes, for the resource). */
  const interact = async (req: IncomingMessage, res: ServerResponse) => {
    const { prompt, params, grantId: existing } = await provider.interactionDetails(req, res);
    if (prompt.name === "login") {
      return await provider.interactionFinished(req, res, { login: { accountId: "alice" } });
    }
    const details = prompt.details as {
      missingOIDCScope?: string[];
      missingResourceScopes?: Record<string, string[]>;
    };
    const grant = existing
      ? (await provider.Grant.find(existing))!
      : new provider.Grant({ accountId: "alice", clientId: params.client_id as string });
    if (details.missingOIDCScope) grant.addOIDCScope(details.missingOIDCScope.join(" "));
    for (const [resource, scopes] of Object.entries(details.missingResourceScopes ?? {})) {
      grant.addResourceScope(resource, scopes.join(" "));
    }
    const grantId = await grant.save();
    await provider.interactionFinished(req, res, { consent: { grantId } }, {
      mergeWithLastSubmission: true,
    });
  };
  const server = createServer((req, res) => {
    if (req.url?.startsWith("/interaction/")) {
      interact(req, res).catch((e) => {
        res.statusCode = 500;
        res.end(String(e));
      });
    } else callback(req, res);
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    issuer,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * The user's browser: follows the authorization server's redirects (keeping its cookies) until
 * one goes to `redirectUrl`, and returns the `code` it carries.
 */
async function browse(start: URL, redirectUrl: string): Promise<string> {
  const cookies = new Map<string, string>();
  let url = start;
  for (let hop = 0; hop < 10; hop++) {
    if (url.href.startsWith(redirectUrl)) {
      const code = url.searchParams.get("code");
      assert.ok(code, `no code in ${url}`);
      return code;
    }
    const res = await fetch(url, {
      redirect: "manual",
      headers: { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join("; ") },
    });
    for (const set of res.headers.getSetCookie()) {
      const pair = set.split(";")[0] ?? "";
      const eq = pair.indexOf("=");
      cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    const location = res.headers.get("location");
    const body = await res.text();
    assert.ok(location, `${res.status} at ${url} without a redirect: ${body.slice(0, 300)}`);
    url = new URL(location, url);
  }
  throw new Error("too many redirects");
}

/** An interactive client as Claude.ai is: registers itself, sends its user to sign in, keeps the token. */
class InteractiveClient implements OAuthClientProvider {
  client?: OAuthClientInformationMixed;
  savedTokens?: OAuthTokens;
  verifier = "";
  /** Where the client sent its user. */
  authorizationUrl?: URL;
  constructor(readonly redirectUrl: string) {}
  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: "oauth-test",
      redirect_uris: [this.redirectUrl],
      grant_types: ["authorization_code"],
      response_types: ["code"],
      token_endpoint_auth_method: "none",
    };
  }
  clientInformation() {
    return this.client;
  }
  saveClientInformation(info: OAuthClientInformationMixed) {
    this.client = info;
  }
  tokens() {
    return this.savedTokens;
  }
  saveTokens(tokens: OAuthTokens) {
    this.savedTokens = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier;
  }
}

/** Shelf over one runbook, behind the authorization server: tokens with docs:read required. */
async function shelfBehind() {
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
  return { as, app, errors, server: listen(app) };
}

Deno.test("oauth: the official client gets a token from a real authorization server and reads", async () => {
  // oidc-provider prints its development warnings on the console; they are not failures.
  const warn = console.warn;
  console.warn = () => {};
  const { as, app, errors, server } = await shelfBehind();
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

Deno.test("oauth: an interactive client registers, its user signs in and consents (PKCE), it reads", async () => {
  const warn = console.warn;
  console.warn = () => {};
  const { as, app, errors, server } = await shelfBehind();
  const redirectUrl = "http://127.0.0.1:9/callback";
  const provider = new InteractiveClient(redirectUrl);
  try {
    // First try: Shelf's 401 sends the client to the metadata, the client registers itself and
    // hands its user the authorization URL (PKCE, the scope, the resource).
    const first = new StreamableHTTPClientTransport(new URL(server.url), {
      authProvider: provider,
    });
    await assert.rejects(
      () => new Client({ name: "oauth-test", version: "1.0.0" }).connect(first),
      UnauthorizedError,
    );
    const authorizationUrl = provider.authorizationUrl!;
    assert.ok(provider.client?.client_id, "the client registered itself");
    assert.equal(authorizationUrl.origin, as.issuer);
    assert.equal(authorizationUrl.searchParams.get("code_challenge_method"), "S256");
    assert.equal(authorizationUrl.searchParams.get("scope"), "docs:read");
    assert.equal(authorizationUrl.searchParams.get("resource"), server.url);
    // The user signs in and consents; the code comes back to the client, which trades it (with
    // its verifier) for a token, then connects again and reads.
    const code = await browse(authorizationUrl, redirectUrl);
    await first.finishAuth(code);
    assert.ok(provider.savedTokens?.access_token, "a token");
    const client = new Client({ name: "oauth-test", version: "1.0.0" });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(server.url), { authProvider: provider }),
    );
    const result = await client.callTool({ name: "search", arguments: { query: "ingest worker" } });
    assert.match((result.content as any[])[0].text, /Runbook/);
    await client.close();
    // The code was for one use: replayed, it buys nothing.
    await assert.rejects(() => first.finishAuth(code));
    assert.deepEqual(errors, []);
  } finally {
    console.warn = warn;
    app.shutdown();
    await server.close();
    await as.close();
  }
});
