import { z } from "zod";

export const PingResponse = z.object({ message: z.literal("pong"), time: z.string() });
export type PingResponse = z.infer<typeof PingResponse>;

export const HealthResponse = z.object({
  status: z.enum(["ok", "unavailable"]),
  checks: z.record(z.string(), z.enum(["ok", "failing"])).optional(),
});
export type HealthResponse = z.infer<typeof HealthResponse>;
