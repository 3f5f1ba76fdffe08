import { isIPv4 } from "node:net";
import type { FastifyReply, FastifyRequest } from "fastify";
import { sendError } from "./errors.ts";

/** Headers a proxy adds when it passes on someone else's request. */
const FORWARDING_HEADERS = ["forwarded", "x-forwarded-for", "x-forwarded-host", "x-real-ip"];

/** Whether an address is this machine's own: 127.0.0.0/8, ::1, or 127.x written as IPv4-mapped IPv6. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const lower = address.toLowerCase();
  if (lower === "::1" || lower === "0:0:0:0:0:0:0:1") return true;
  const v4 = lower.startsWith("::ffff:") ? lower.slice("::ffff:".length) : lower;
  return isIPv4(v4) && v4.startsWith("127.");
}

/** `localhost`, `127.0.0.1` or `[::1]`, with or without a port, in any case. */
const LOCAL_HOST = /^(?:localhost|127\.0\.0\.1|\[::1\])(?::\d{1,5})?$/i;

/**
 * Whether a request's Host header names this machine: `localhost`, `127.0.0.1` or `[::1]`, any port.
 * A page on another name that resolves to 127.0.0.1 (DNS rebinding: `evil.example`, `localhost.evil.example`,
 * `127.0.0.1.nip.io`) sends that name, so a script on it never reads a local page; a request without a
 * Host header does not name this machine either.
 */
export function isLocalHostHeader(host: string | undefined): boolean {
  return typeof host === "string" && LOCAL_HOST.test(host);
}

/**
 * Whether a request was made on this machine, by a browser that knows it is talking to it: the
 * connection's own address is loopback, the Host header names this machine, and no proxy passed it
 * on. Only the raw socket address and the raw headers count: the client address and host Fastify
 * derive (`request.ip`, `request.host`, which honour X-Forwarded-For and X-Forwarded-Host under
 * TRUST_PROXY) never do, and a request a local proxy forwards is someone else's.
 */
export function isLocalRequest(request: FastifyRequest): boolean {
  if (!isLoopbackAddress(request.raw.socket.remoteAddress)) return false;
  if (!isLocalHostHeader(request.raw.headers.host)) return false;
  return FORWARDING_HEADERS.every((name) => request.headers[name] === undefined);
}

/** An onRequest hook for pages only this machine may see: to anyone else they do not exist (404). */
export async function localOnly(request: FastifyRequest, reply: FastifyReply) {
  if (!isLocalRequest(request)) return sendError(reply, 404, { message: "Not found." });
}
