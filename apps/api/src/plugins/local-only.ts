import { isIPv4 } from "node:net";
import type { FastifyReply, FastifyRequest } from "fastify";
import { sendError } from "./errors";

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

/**
 * Whether a request was made on this machine: the connection's own address is loopback and no
 * proxy passed it on. The client address Fastify derives (`request.ip`, which honours
 * X-Forwarded-For under TRUST_PROXY) never counts, and a request a local proxy forwards is
 * someone else's, so it does not count either.
 */
export function isLocalRequest(request: FastifyRequest): boolean {
  if (!isLoopbackAddress(request.raw.socket.remoteAddress)) return false;
  return FORWARDING_HEADERS.every((name) => request.headers[name] === undefined);
}

/** An onRequest hook for pages only this machine may see: to anyone else they do not exist (404). */
export async function localOnly(request: FastifyRequest, reply: FastifyReply) {
  if (!isLocalRequest(request)) return sendError(reply, 404, { message: "Not found." });
}
