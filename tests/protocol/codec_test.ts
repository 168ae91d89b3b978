import assert from "node:assert/strict";
import { classifyMessage, errorResponse, parseJson } from "../../src/protocol/codec.ts";
import { RpcError, toErrorObject } from "../../src/protocol/rpc_error.ts";

Deno.test("classifyMessage: requests, notifications, responses", () => {
  assert.deepEqual(classifyMessage({ jsonrpc: "2.0", id: "a", method: "ping" }), {
    kind: "request",
    message: { jsonrpc: "2.0", id: "a", method: "ping" },
  });
  assert.deepEqual(classifyMessage({ jsonrpc: "2.0", method: "x", params: { a: 1 } }), {
    kind: "notification",
    message: { jsonrpc: "2.0", method: "x", params: { a: 1 } },
  });
  assert.deepEqual(classifyMessage({ jsonrpc: "2.0", id: 3, result: {} }), { kind: "response" });
  assert.deepEqual(classifyMessage({ jsonrpc: "2.0", id: 3, error: { code: 1 } }), {
    kind: "response",
  });
});

Deno.test("classifyMessage: invalid shapes keep the id when it can be read", () => {
  const cases: [unknown, string | number | null][] = [
    [null, null],
    [[1], null],
    ["str", null],
    [{ id: 7, method: "ping" }, 7],
    [{ jsonrpc: "1.0", id: 7, method: "ping" }, 7],
    [{ jsonrpc: "2.0", id: 7 }, 7],
    [{ jsonrpc: "2.0", id: 7, method: 5 }, 7],
    [{ jsonrpc: "2.0", id: 7, method: "" }, 7],
    [{ jsonrpc: "2.0", id: 7, method: "x", params: [1] }, 7],
    [{ jsonrpc: "2.0", id: null, method: "ping" }, null],
    [{ jsonrpc: "2.0", id: { a: 1 }, method: "ping" }, null],
    [{ jsonrpc: "2.0", id: true, method: "ping" }, null],
  ];
  for (const [value, id] of cases) {
    const c = classifyMessage(value);
    assert.equal(c.kind, "invalid", JSON.stringify(value));
    if (c.kind === "invalid") {
      assert.equal(c.id, id, JSON.stringify(value));
      assert.equal(c.error.code, -32600);
    }
  }
});

Deno.test("parseJson: -32700 on bad JSON", () => {
  assert.throws(() => parseJson("{nope"), (e) => e instanceof RpcError && e.code === -32700);
  assert.deepEqual(parseJson('{"a":1}'), { a: 1 });
});

Deno.test("errorResponse hides internal errors", () => {
  assert.deepEqual(errorResponse(1, new TypeError("secret path /etc")), {
    jsonrpc: "2.0",
    id: 1,
    error: { code: -32603, message: "Internal error" },
  });
  assert.deepEqual(toErrorObject(new RpcError(-32602, "x", { uri: "u" })), {
    code: -32602,
    message: "x",
    data: { uri: "u" },
  });
});
