import { z } from "zod";

export const PingResponse = z.object({ message: z.literal("pong"), time: z.string() });
export type PingResponse = z.infer<typeof PingResponse>;

/** Readiness: "degraded" is still ready (200): a part with a fallback (Redis) does not answer. */
export const HealthResponse = z.object({
  status: z.enum(["ok", "degraded", "unavailable"]),
  checks: z.record(z.string(), z.enum(["ok", "degraded", "failing"])).optional(),
});
export type HealthResponse = z.infer<typeof HealthResponse>;
