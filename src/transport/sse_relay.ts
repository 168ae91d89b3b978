/**
 * The legacy SSE relay between isolates of one deployment: a post for a session this isolate
 * does not hold is first claimed over a `BroadcastChannel` (no body sent), the isolate holding
 * the session answers, and only then is the body passed on. The channel opens on first use (an
 * open channel keeps a process alive, and most processes never need one).
 *
 * @module
 */

/**
 * The relay's messages: a post for a session held elsewhere is first `claim`ed (no body), the
 * isolate holding it answers `claimed`, and only then is the body sent with `deliver`.
 */
type RelayMessage =
  | { kind: "claim"; relayId: string; sessionId: string; credential: string }
  | { kind: "claimed"; relayId: string }
  | { kind: "deliver"; sessionId: string; body: string; credential: string };

/** What {@link createSseRelay} needs. */
export interface SseRelayOptions {
  /** The channel's name; `null` (or a runtime without `BroadcastChannel`): no relay. */
  channel: string | null;
  /** How long a claim waits for the isolate holding the session. */
  timeoutMs: number;
  /** Whether this isolate holds `sessionId` for `credential` (asked for other isolates). */
  holds(sessionId: string, credential: string): boolean;
  /** Delivers a body another isolate relayed to a session held here. */
  deliver(sessionId: string, body: string, credential: string): void;
}

/** See {@link createSseRelay}. */
export interface SseRelay {
  /**
   * Asks the other isolates whether one holds `sessionId` for `credential`; resolves once one
   * claims it (true) or after the timeout (false). False at once without a channel.
   */
  claim(sessionId: string, credential: string): Promise<boolean>;
  /** Opens the channel, so that other isolates' posts for this one's sessions arrive. */
  listen(): void;
  /** Passes a body on to the isolate that claimed its session. */
  send(sessionId: string, body: string, credential: string): void;
  close(): void;
}

/**
 * The relay of one isolate's SSE hub.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { createSseRelay } from "./sse_relay.ts";
 * const got: string[] = [];
 * const name = `relay-doc-${crypto.randomUUID()}`;
 * const holder = createSseRelay({ channel: name, timeoutMs: 500, holds: (s) => s === "s1", deliver: (_, b) => void got.push(b) });
 * const asker = createSseRelay({ channel: name, timeoutMs: 50, holds: () => false, deliver: () => {} });
 * holder.listen();
 * assert.equal(await asker.claim("s1", ""), true);
 * assert.equal(await asker.claim("s2", ""), false);
 * asker.send("s1", "hello", "");
 * await new Promise((r) => setTimeout(r, 50));
 * assert.deepEqual(got, ["hello"]);
 * holder.close();
 * asker.close();
 * ```
 */
export function createSseRelay(options: SseRelayOptions): SseRelay {
  const waiting = new Map<string, () => void>();
  let channel: BroadcastChannel | undefined;
  const open = (): BroadcastChannel | undefined => {
    if (channel || options.channel === null || typeof BroadcastChannel === "undefined") {
      return channel;
    }
    channel = new BroadcastChannel(options.channel);
    channel.onmessage = (event: MessageEvent<RelayMessage>) => {
      const msg = event.data;
      if (msg.kind === "claimed") {
        waiting.get(msg.relayId)?.();
        return;
      }
      if (!options.holds(msg.sessionId, msg.credential)) return;
      if (msg.kind === "claim") {
        channel!.postMessage({ kind: "claimed", relayId: msg.relayId } satisfies RelayMessage);
      } else {
        options.deliver(msg.sessionId, msg.body, msg.credential);
      }
    };
    return channel;
  };
  return {
    async claim(sessionId, credential) {
      const ch = open();
      if (!ch) return false;
      const relayId = crypto.randomUUID();
      return await new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => {
          waiting.delete(relayId);
          resolve(false);
        }, options.timeoutMs);
        waiting.set(relayId, () => {
          clearTimeout(timer);
          waiting.delete(relayId);
          resolve(true);
        });
        ch.postMessage({ kind: "claim", relayId, sessionId, credential } satisfies RelayMessage);
      });
    },
    listen() {
      open();
    },
    send(sessionId, body, credential) {
      open()?.postMessage({ kind: "deliver", sessionId, body, credential } satisfies RelayMessage);
    },
    close() {
      channel?.close();
      channel = undefined;
    },
  };
}
