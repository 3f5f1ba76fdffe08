import {
  LandingPageDefinitions,
  SalesPage,
  SalesPageDefinitions,
  type LandingPageBlocks,
  type LandingPageResponse,
  type SalesPageResponse,
} from "@serene/contracts";
import { interpolate } from "@serene/domain";
import { notFound } from "../../domain-errors.ts";

/** Fills `{product}` and `{email}` into every text of a page; `{name}`, `{amount}` and `{subject}` stay for the page to fill. */
function branded<T>(value: T, brand: { product: string; email: string }): T {
  if (typeof value === "string") return interpolate(value, brand) as T;
  if (Array.isArray(value)) return value.map((entry: unknown) => branded(entry, brand)) as T;
  if (value && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, branded(entry, brand)])) as T;
  return value;
}

/** The landing page's blocks in place of its sales page's sections: each block replaces its whole section. */
export function withBlocks(page: SalesPage, blocks: LandingPageBlocks): SalesPage {
  const given = Object.fromEntries(Object.entries(blocks).filter(([, block]) => block !== undefined));
  return SalesPage.parse({ ...page, ...given, slug: page.slug });
}

/**
 * Sales pages and campaign landing pages are content (docs/decisions/031-sales-pages-as-data.md):
 * read from content/demo/sales-pages.json and landing-pages.json once, checked against their schemas,
 * the landing pages' blocks put in place and the product name and support address filled in, then
 * served from memory. A file that does not fit, a repeated slug, a landing page naming a sales page
 * that does not exist or a hero playing a video page that does not exist stops start-up.
 */
export function createSalesPagesService(deps: {
  pages: unknown;
  landings: unknown;
  /** The slugs of the video-sales pages (content/demo/vsl.json) a hero may play. */
  videoPages: readonly string[];
  brand: { product: string; email: string };
}) {
  const playable = (page: SalesPage, where: string) => {
    if (!deps.videoPages.includes(page.hero.video_vsl))
      throw new Error(`${where} plays the video page "${page.hero.video_vsl}", which does not exist.`);
  };
  const pages = new Map<string, SalesPage>();
  for (const page of SalesPageDefinitions.parse(deps.pages)) {
    if (pages.has(page.slug)) throw new Error(`Sales page "${page.slug}" is defined twice.`);
    playable(page, `Sales page "${page.slug}"`);
    pages.set(page.slug, page);
  }
  const landings = new Map<string, LandingPageResponse>();
  for (const landing of LandingPageDefinitions.parse(deps.landings)) {
    if (landings.has(landing.slug)) throw new Error(`Landing page "${landing.slug}" is defined twice.`);
    const page = pages.get(landing.sales_page);
    if (!page) throw new Error(`Landing page "${landing.slug}" names the sales page "${landing.sales_page}", which does not exist.`);
    const { slug, checkout_id, theme, title } = landing;
    const campaignPage = withBlocks(page, landing.blocks);
    playable(campaignPage, `Landing page "${slug}"`);
    landings.set(slug, {
      data: { slug, checkout_id, theme, title: interpolate(title, deps.brand), page: branded(campaignPage, deps.brand) },
    });
  }
  const answers = new Map<string, SalesPageResponse>([...pages].map(([slug, page]) => [slug, { data: branded(page, deps.brand) }]));

  return {
    /** GET /sales-page/{slug}; 404 for an unknown one. */
    page(slug: string): SalesPageResponse {
      const answer = answers.get(slug);
      if (!answer) throw notFound("Page not found.");
      return answer;
    },
    /** GET /lp/{lp}: the landing page with its sales page, blocks in place; 404 for an unknown one. */
    landing(slug: string): LandingPageResponse {
      const answer = landings.get(slug);
      if (!answer) throw notFound("Page not found.");
      return answer;
    },
  };
}
export type SalesPagesService = ReturnType<typeof createSalesPagesService>;
