import { z } from "zod";

/** Names look like `page_view` or `checkout_start`: lower case, digits and underscores. */
export const AnalyticsEventName = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[a-z][a-z0-9_]*$/, "The name may only contain lower-case letters, digits and underscores.");

const PropertyValue = z.union([z.string().max(500), z.number(), z.boolean(), z.null()]);

export const AnalyticsEventBody = z.object({
  name: AnalyticsEventName,
  path: z.string().min(1).max(2048).startsWith("/"),
  session_id: z.string().min(8).max(64).optional(),
  properties: z
    .record(z.string().max(64), PropertyValue)
    .refine((value) => Object.keys(value).length <= 20, "At most 20 properties are allowed.")
    .optional(),
});
export type AnalyticsEventBody = z.infer<typeof AnalyticsEventBody>;

export const AnalyticsEventAccepted = z.object({ message: z.string() });
