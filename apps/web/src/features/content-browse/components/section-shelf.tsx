import type { ContentCard as Card, Section } from "@serene/contracts";
import { ContentCard, SeeAllLink, Slider } from "../../../components/content";
import { Skeleton } from "../../../components/ui/skeleton";
import type { Membership } from "../hooks/use-membership";
import styles from "./browse.module.css";

/** A titled slider of cards; "See all" leads to the section's collection when it has one. */
export function SectionShelf({
  section,
  membership,
}: {
  section: Pick<Section, "id" | "name" | "content" | "collection_id">;
  membership: Membership;
}) {
  const titleId = `section-${section.id}-title`;
  return (
    <section className={styles.shelf} aria-labelledby={titleId}>
      <Slider<Card>
        label={section.name}
        items={section.content}
        getKey={(item) => `${item.model}-${item.id}`}
        renderItem={(item) => <ContentCard item={item} locked={membership.isLocked(item)} />}
        header={
          <>
            <h2 id={titleId} className={styles.shelfTitle}>
              {section.name}
            </h2>
            {section.collection_id != null && (
              <SeeAllLink to={`/collection/${section.collection_id}`} aria-label={`See all: ${section.name}`}>
                See all
              </SeeAllLink>
            )}
          </>
        }
      />
    </section>
  );
}

/** Every section of a screen with something in it, one slider each. */
export function ScreenSections({ sections, membership }: { sections: Section[]; membership: Membership }) {
  return (
    <div className={styles.sections}>
      {sections
        .filter((section) => section.content.length > 0)
        .map((section) => (
          <SectionShelf key={section.id} section={section} membership={membership} />
        ))}
    </div>
  );
}

/** A calm placeholder while sections load. */
export function ShelvesLoading({ rows = 2 }: { rows?: number }) {
  return (
    <div className={styles.sections} aria-busy="true" aria-label="Loading">
      {Array.from({ length: rows }, (_, row) => (
        <div key={row} className={styles.skeletonShelf}>
          <Skeleton className={styles.skeletonTitle} />
          <div className={styles.skeletonRow}>
            {Array.from({ length: 5 }, (_, tile) => (
              <Skeleton key={tile} className={styles.skeletonTile} />
            ))}
          </div>
        </div>
      ))}
    </div>
  );
}
