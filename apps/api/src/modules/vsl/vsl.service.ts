import { VslDefinitions, type VslDefinition, type VslResponse } from "@serene/contracts";
import { notFound } from "../../domain-errors.ts";
import type { SignIn } from "../accounts/access-tokens.ts";
import type { MediaAccess, MediaCookie } from "../media/media-access.service.ts";

/**
 * Video-sales pages are content: read from content/demo/vsl.json once, checked against the schema (a
 * broken file stops start-up), served from memory. Each answer carries the signed cookies that play its
 * video: a visitor's open that one video's folder for a short while; a signed-in member gets their own
 * cookie set (which covers the free pack), so a visit never narrows what they may play.
 */
export function createVslService(deps: { shipped: unknown; media: Pick<MediaAccess, "forVisitorVideo" | "forMember">; mediaUrl: string }) {
  const pages: VslDefinition[] = VslDefinitions.parse(deps.shipped);
  const byId = new Map(pages.map((page) => [String(page.id), page]));
  const bySlug = new Map(pages.map((page) => [page.slug, page]));
  const url = (path: string) => `${deps.mediaUrl}/${path}`;

  return {
    /** GET /vsl/{id}: the page by id or slug, and the cookies to set; 404 for an unknown one. */
    page(idOrSlug: string, member: SignIn | null): { body: VslResponse; cookies: MediaCookie[] } {
      const page = byId.get(idOrSlug) ?? bySlug.get(idOrSlug);
      if (!page) throw notFound("Page not found.");
      const folder = page.video.path.slice(0, page.video.path.lastIndexOf("/"));
      const { cookies } = member ? deps.media.forMember(member) : deps.media.forVisitorVideo(folder);
      return {
        cookies,
        body: {
          data: {
            id: page.id,
            slug: page.slug,
            title: page.title,
            subtitle: page.subtitle,
            video: {
              playlist: url(page.video.path),
              poster: page.video.poster ? url(page.video.poster) : null,
              duration_seconds: page.video.duration_seconds,
            },
            cta_at_seconds: page.cta_at_seconds,
            cta_label: page.cta_label,
            next: page.next,
            points: page.points,
          },
        },
      };
    },
  };
}
export type VslService = ReturnType<typeof createVslService>;
