import type { ContentCard as Card } from "@serene/contracts";
import { ContentCard, EmptyState, Slider } from "../../../components/content";
import type { LibraryList } from "../../../lib/catalogue-keys";
import { useLibraryList } from "../../../lib/server-data/library";
import { useMembership, type Membership } from "../hooks/use-membership";
import { LoadProblem } from "../../../components/ui/load-problem";
import { ShelvesLoading } from "./section-shelf";
import styles from "./browse.module.css";

const SHELVES: { list: LibraryList; title: string }[] = [
  { list: "recently-played", title: "Recently Played" },
  { list: "recommendation", title: "Recommendation" },
  { list: "favorite", title: "Favorite" },
];

/** /profile/library: Recently Played, Recommendation and Favorite (spec 001 "Library"), inside the profile frame and its title. */
export function LibraryView() {
  const membership = useMembership();
  return (
    <div className={styles.page}>
      <p className={styles.lead}>What you listened to, what we picked for you, and the sessions you keep close.</p>
      <div className={styles.sections}>
        {SHELVES.map((shelf) => (
          <LibraryShelf key={shelf.list} {...shelf} membership={membership} />
        ))}
      </div>
    </div>
  );
}

function LibraryShelf({ list, title, membership }: { list: LibraryList; title: string; membership: Membership }) {
  const query = useLibraryList(list);
  const titleId = `library-${list}-title`;
  const heading = (
    <h2 id={titleId} className={styles.shelfTitle}>
      {title}
    </h2>
  );
  // The spec's library shows free items only; a subscriber may open everything, so sees it all.
  const items = (query.data ?? []).filter((item) => membership.subscriber || item.free);
  return (
    <section className={styles.shelf} aria-labelledby={titleId}>
      {query.isPending || membership.loading ? (
        <>
          {heading}
          <ShelvesLoading rows={1} />
        </>
      ) : query.isError ? (
        <>
          {heading}
          <LoadProblem onRetry={() => void query.refetch()} />
        </>
      ) : items.length === 0 ? (
        <>
          {heading}
          <EmptyState>You not have items.</EmptyState>
        </>
      ) : (
        <Slider<Card>
          label={title}
          items={items}
          getKey={(item) => `${item.model}-${item.id}`}
          renderItem={(item) => <ContentCard item={item} locked={membership.isLocked(item)} />}
          header={heading}
        />
      )}
    </section>
  );
}
