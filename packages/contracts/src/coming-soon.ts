import { z } from "zod";
import { CacheBuster } from "./common.ts";

/**
 * The coming-soon funnel (spec 000 sections 2–5 and 7; decision 026): a page that announces a product
 * that is not out yet, with a form to hear when it launches. Funnels are content
 * (content/demo/coming-soon.json), read at start-up; GET /coming-soon/{key} serves one to a signed-in
 * member, POST /coming-soon/lead/ stores the member's sign-up.
 */
const required = (field: string) => `The ${field} field is required.`;

export const COMING_SOON_THEMES = ["white", "green"] as const;
export const APP_STORE_ICONS = ["none", "coming-soon", "other"] as const;

/** A funnel key: lower case, digits and dashes (it appears in the address). */
export const ComingSoonKey = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[a-z0-9][a-z0-9-]*$/, "The key may only contain lower-case letters, digits and dashes.");

/** One funnel as shipped in content/demo/coming-soon.json (no `user_id`: the server fills it per request). */
export const ComingSoonFunnelDefinition = z.object({
  key: ComingSoonKey,
  /** The funnel /coming-soon shows without a key; exactly one funnel is the default. */
  default: z.boolean().optional(),
  color_theme: z.enum(COMING_SOON_THEMES),
  funnel_title: z.string().min(1).max(120),
  funnel_description: z.string().min(1).max(600),
  funnel_material_title: z.string().min(1).max(120),
  /** A same-origin path of the web app's public files (e.g. /images/coming-soon/….svg). */
  material_image: z.string().startsWith("/").max(255),
  /** "coming-soon": badges shown but disabled; "none": no badges; "other": badges enabled (links below). */
  app_store_icon: z.enum(APP_STORE_ICONS),
  /** True: the sign-up asks only for a name and an e-mail; false: it also shows a phone field (never sent). */
  opt_in_form: z.boolean(),
  /** Where enabled badges lead (only with app_store_icon "other"). */
  store_links: z.object({ app_store: z.url().optional(), google_play: z.url().optional() }).optional(),
});
export type ComingSoonFunnelDefinition = z.infer<typeof ComingSoonFunnelDefinition>;

export const ComingSoonFunnelDefinitions = z
  .array(ComingSoonFunnelDefinition)
  .min(1)
  .refine((funnels) => new Set(funnels.map((funnel) => funnel.key)).size === funnels.length, "Funnel keys must be unique.")
  .refine((funnels) => funnels.filter((funnel) => funnel.default).length === 1, "Exactly one funnel must be the default.");

// GET /coming-soon/{key} and GET /coming-soon (the default funnel)
export const ComingSoonParams = z.object({ key: z.string().max(64) });
export const ComingSoonQuery = CacheBuster;

export const ComingSoonPage = ComingSoonFunnelDefinition.omit({ default: true })
  .extend({
    /** The signed-in member the page is shown to; their sign-up belongs to them (decision 026). */
    user_id: z.string(),
  })
  .meta({ id: "ComingSoonPage" });
export type ComingSoonPage = z.infer<typeof ComingSoonPage>;
export const ComingSoonResponse = z.object({ data: ComingSoonPage });
export type ComingSoonResponse = z.infer<typeof ComingSoonResponse>;

const text = (field: string, max: number) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? required(field) : `The ${field} field must be a string.`) })
    .trim()
    .min(1, required(field))
    .max(max, `The ${field} field must not be greater than ${max} characters.`);

// POST /coming-soon/lead/
export const ComingSoonLeadBody = z.object({
  first_name: text("first name", 100),
  last_name: text("last name", 100),
  email: text("email", 254).pipe(z.email({ error: "The email field must be a valid email address." })),
  /** The signed-in member's id, as GET /coming-soon/{key} gave it; any other id is refused. */
  user_id: text("user id", 64),
  /** The funnel signed up for; the default funnel when left out. */
  key: z.string().max(64, "The key field must not be greater than 64 characters.").optional(),
});
export type ComingSoonLeadBody = z.infer<typeof ComingSoonLeadBody>;

export const ComingSoonLead = z
  .object({
    id: z.string(),
    key: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    email: z.string(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: "ComingSoonLead" });
export type ComingSoonLead = z.infer<typeof ComingSoonLead>;
export const ComingSoonLeadResponse = z.object({ data: ComingSoonLead });
export type ComingSoonLeadResponse = z.infer<typeof ComingSoonLeadResponse>;
