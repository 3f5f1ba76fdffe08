import { z } from "zod";

/**
 * A video-sales page as content/demo/vsl.json ships it. `video.path` is relative to the media root and
 * names an HLS playlist of the free media pack; the page's signed cookies open that folder only.
 */
export const VslDefinition = z.object({
  id: z.number().int().positive(),
  slug: z.string().regex(/^[a-z0-9-]{1,64}$/),
  title: z.string().min(1),
  subtitle: z.string().min(1),
  video: z.object({
    path: z.string().regex(/^free\/[a-z0-9-]+\/[a-z0-9-]+\/index\.m3u8$/),
    poster: z
      .string()
      .regex(/^covers\/[a-z0-9-]+\.(svg|jpg|png|webp)$/)
      .nullable(),
    duration_seconds: z.number().int().positive(),
  }),
  cta_at_seconds: z.number().int().min(0),
  cta_label: z.string().min(1),
  next: z.discriminatedUnion("kind", [
    z.object({ kind: z.literal("quiz"), quiz_slug: z.string().min(1), path: z.string().startsWith("/") }),
    z.object({ kind: z.literal("checkout"), checkout_id: z.number().int().positive(), path: z.string().startsWith("/") }),
  ]),
  points: z.array(z.string().min(1)).min(1),
});
export type VslDefinition = z.infer<typeof VslDefinition>;
export const VslDefinitions = z.array(VslDefinition);
