import { z } from "zod";
import { CacheBuster } from "./common.ts";
import { CHECKOUT_THEMES } from "./plans.ts";

/**
 * The long-form sales page (spec 000 section 2, "Promo checkout sales page") as content data
 * (docs/decisions/031-sales-pages-as-data.md): every text, figure and claim the page shows is here,
 * so the operator changes them without code. Prices are not: the page reads them from the checkout's
 * packages. `{name}` in the hero title is the member's or lead's first name, or 'This'.
 */
const Text = z.string().min(1);
const Cents = z.number().int().min(0);

export const SalesTestimonial = z.object({
  name: Text,
  /** A short line under the name, e.g. "Member for 8 months". */
  detail: Text,
  quote: Text,
  rating: z.number().int().min(1).max(5),
});
export type SalesTestimonial = z.infer<typeof SalesTestimonial>;

const Titled = z.object({ title: Text, text: Text });

export const SalesPage = z
  .object({
    slug: Text,
    /** Names of the outlets in the 'As Seen On:' strip. */
    as_seen_on: z.array(Text),
    warning: Text,
    hero: z.object({
      /** Contains `{name}`: "{name} is your 5-minute reset", with 'This' for a visitor. */
      title: Text,
      subtitle: Text,
      /** The video-sales page (GET /vsl/{slug}) whose video plays in the hero, 600 px wide. */
      video_vsl: Text,
    }),
    participants: z.object({ count: z.number().int().min(0), label: Text }),
    start_label: Text,
    countdown: z.object({ title: Text, expired: Text }),
    panic_stats: z.object({ title: Text, items: z.array(z.object({ figure: Text, text: Text })).min(1) }),
    good_news: Titled,
    triangle: z.object({ title: Text, parts: z.array(z.object({ name: Text, text: Text })).length(3) }),
    testimonial: SalesTestimonial,
    how_it_works: z.object({ title: Text, steps: z.array(Titled).min(1) }),
    weapon: z.object({ title: Text, text: Text, points: z.array(Text) }),
    moods: z.object({ title: Text, topics: z.array(Text).min(1) }),
    behind: Titled,
    meditation_benefits: z.object({ title: Text, text: Text, points: z.array(Text) }),
    six_benefits: z.object({ title: Text, items: z.array(Titled).length(6) }),
    five_minutes: Titled,
    short_testimonials: z.array(SalesTestimonial).min(1),
    method: z.object({
      title: Text,
      /** The 11 items, each with its stated value (spec 000 section 9: $97.86). */
      items: z.array(z.object({ name: Text, text: Text, value_cents: Cents })).length(11),
      /** The list value shown in one place (spec 000 section 9: $97.86, as written). */
      list_value_cents: Cents,
    }),
    people_helped: z.object({ figure: Text, text: Text }),
    reviews: z.object({ title: Text, items: z.array(SalesTestimonial).min(1) }),
    refund: z.object({
      title: Text,
      /** Contains `{amount}` (the offer's price) and `{subject}`. */
      text: Text,
      /** The subject line the receipt is sent back with: 'Refund request'. */
      subject: Text,
    }),
    what_you_get: z.object({ title: Text, items: z.array(Text).min(1) }),
    price: z.object({
      title: Text,
      /** The stated value the price is set against (spec 000 section 9: $1714.95). */
      value_cents: Cents,
      note: Text,
    }),
    faq: z.array(z.object({ question: Text, answer: Text })).min(1),
    footer: z.object({
      socials: z.array(z.object({ network: z.enum(["facebook", "instagram", "youtube", "x", "tiktok"]), url: z.url() })),
      copyright_year: z.number().int(),
    }),
  })
  .meta({ id: "SalesPage" });
export type SalesPage = z.infer<typeof SalesPage>;

export const SalesPageResponse = z.object({ data: SalesPage });
export type SalesPageResponse = z.infer<typeof SalesPageResponse>;

export const SalesPageParams = z.object({ slug: z.string().min(1).max(64) });

/** A page's address segment, as the content files name pages and landing pages. */
const Slug = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/)
  .max(64);

/**
 * content/demo/sales-pages.json: every sales page, as the API serves it. Slugs are unique (checked by
 * the API at start-up and by the content test).
 */
export const SalesPageDefinitions = z.array(SalesPage.extend({ slug: Slug }));
export type SalesPageDefinitions = z.infer<typeof SalesPageDefinitions>;

/**
 * GET /lp/{lp}: a campaign landing page as data: which sales page copy it uses, with which blocks
 * replaced, in which theme, selling which checkout. A new campaign is a data change.
 */
export const LandingPage = z
  .object({
    slug: Text,
    checkout_id: z.number().int(),
    theme: z.enum(CHECKOUT_THEMES),
    /** The document title of the page. */
    title: Text,
    /** The sales page with the landing page's own blocks already put in place. */
    page: SalesPage,
  })
  .meta({ id: "LandingPage" });
export type LandingPage = z.infer<typeof LandingPage>;

export const LandingPageResponse = z.object({ data: LandingPage });
export type LandingPageResponse = z.infer<typeof LandingPageResponse>;

export const LandingPageQuery = CacheBuster;
export const LandingPageParams = z.object({ lp: z.string().min(1).max(64) });

/**
 * The blocks a landing page puts in place of its sales page's own: whole top-level sections (a
 * different `hero`, `warning`, `start_label`, `faq`…), each replacing the section entirely, never merged
 * field by field, so what a campaign shows is exactly what its file says.
 */
export const LandingPageBlocks = SalesPage.omit({ slug: true }).partial().strict();
export type LandingPageBlocks = z.infer<typeof LandingPageBlocks>;

/** content/demo/landing-pages.json: the campaign pages of /lp/{lp}, each naming its sales page and checkout. */
export const LandingPageDefinition = z
  .object({
    slug: Slug,
    checkout_id: z.number().int().positive(),
    theme: z.enum(CHECKOUT_THEMES),
    title: Text,
    /** The slug of the sales page (content/demo/sales-pages.json) whose copy the page starts from. */
    sales_page: Slug,
    blocks: LandingPageBlocks,
  })
  .strict();
export type LandingPageDefinition = z.infer<typeof LandingPageDefinition>;
export const LandingPageDefinitions = z.array(LandingPageDefinition);
