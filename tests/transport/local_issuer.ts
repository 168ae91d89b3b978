/** A local OAuth authorization server for tests: its metadata and a key set the test can rotate. */
import { exportJWK, generateKeyPair, type JWK } from "jose";

/** Starts the issuer on loopback; `addKey(kid, alg?)` adds a signing key and returns its private half. */
export function localIssuer() {
  const keys: JWK[] = [];
  const controller = new AbortController();
  let jwksFetches = 0;
  let url = "";
  const server: Deno.HttpServer<Deno.NetAddr> = Deno.serve(
    { hostname: "127.0.0.1", port: 0, signal: controller.signal, onListen: () => {} },
    (req): Response => {
      const path = new URL(req.url).pathname;
      if (path === "/.well-known/oauth-authorization-server") {
        return Response.json({
          issuer: url,
          jwks_uri: `${url}/jwks`,
          token_endpoint: `${url}/token`,
        });
      }
      if (path === "/jwks") {
        jwksFetches++;
        return Response.json({ keys });
      }
      return new Response("not found", { status: 404 });
    },
  );
  url = `http://127.0.0.1:${server.addr.port}`;
  const addKey = async (kid: string, alg = "ES256") => {
    const pair = await generateKeyPair(alg, { extractable: true });
    keys.push({ ...(await exportJWK(pair.publicKey)), kid, alg, use: "sig" });
    return pair.privateKey;
  };
  return {
    url,
    keys,
    addKey,
    fetches: () => jwksFetches,
    async close() {
      controller.abort();
      await server.finished;
    },
  };
}
