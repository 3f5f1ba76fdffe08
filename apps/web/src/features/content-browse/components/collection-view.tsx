import { ButtonLink } from "../../../components/ui/button";
import { EmptyState } from "../../../components/content";
import { ApiError } from "../../../lib/api-client";
import { useMembership } from "../hooks/use-membership";
import { useCollection } from "../api/catalogue";
import { CardGrid } from "./card-grid";
import { LoadProblem } from "../../../components/ui/load-problem";
import { PageIntro } from "./page-intro";
import { ShelvesLoading } from "./section-shelf";
import styles from "./browse.module.css";

/**
 * /collection/:id: the collection's items, each linking to /{model}/{id}. Every member sees the
 * same items as the collection's shelf on home, in the same order; for a free member the locked
 * ones carry the lock and open the subscription offer, as on home (decision 041).
 */
export function CollectionView({ id }: { id: string }) {
  const membership = useMembership();
  const collection = useCollection(id);

  if (collection.isPending || membership.loading) return <ShelvesLoading rows={1} />;
  if (collection.isError) {
    const missing = collection.error instanceof ApiError && (collection.error.status === 404 || collection.error.status === 422);
    if (!missing) return <LoadProblem onRetry={() => void collection.refetch()} />;
    return (
      <div className={styles.page}>
        <PageIntro title="Collection not found" tone="dusk">
          This collection is not here any more. There is plenty more to explore.
        </PageIntro>
        <div>
          <ButtonLink to="/home">Back to home</ButtonLink>
        </div>
      </div>
    );
  }
  const { name, description, content } = collection.data;
  return (
    <div className={styles.page}>
      <PageIntro title={name} tone="sea">
        {description}
      </PageIntro>
      {content.length === 0 ? <EmptyState>No data found</EmptyState> : <CardGrid items={content} membership={membership} label={name} />}
    </div>
  );
}
