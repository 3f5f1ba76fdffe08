import type { ContentCard, Tag } from "@serene/contracts";
import type { ContentModel } from "@serene/domain";
import { useState } from "react";
import { Link } from "react-router";
import { TagChips } from "../../../components/content";
import { openSubscriptionOffer } from "../../../lib/buying/subscription-offer";
import { useRecommendations, type TagChoice } from "../api/content";
import { formatMinutes, formatSessions } from "../lib/time";
import { Cover } from "./cover";
import { FavoriteButton } from "./favorite-button";
import { PlayerIcon } from "./icons";
import styles from "./side-panel.module.css";

const NO_ITEMS = "No items";

interface RecommendationsProps {
  model: ContentModel;
  id: number;
  tags: Tag[];
  /** null while the account status loads: nothing counts as locked yet. */
  subscriber: boolean | null;
}

/**
 * Tag chips ('All' and the item's tags) over a list of recommended items (spec 001 sections 2 and 4):
 * All loads them for every tag of the item together, a tag for that tag alone. At most five cards
 * show, then the list scrolls.
 */
export function Recommendations({ model, id, tags, subscriber }: RecommendationsProps) {
  const [choice, setChoice] = useState<TagChoice>({ kind: "all" });
  const slugs = tags.map((tag) => tag.slug);
  const list = useRecommendations(model, id, slugs, choice);
  return (
    <section className={styles.panel} aria-labelledby="player-recommendations-title">
      <header className={styles.panelHeader}>
        <h2 id="player-recommendations-title">You may also like</h2>
      </header>
      <TagChips
        look="panel"
        label="Filter by tag"
        tags={tags}
        selected={choice.kind === "all" ? [] : [choice.slug]}
        onToggle={(slug) => setChoice({ kind: "tag", slug })}
        onAll={() => setChoice({ kind: "all" })}
      />
      {list.isPending ? (
        <ul className={styles.cards} aria-busy="true" aria-label="Loading recommendations">
          {[0, 1, 2].map((key) => (
            <li key={key} className={styles.cardSkeleton} />
          ))}
        </ul>
      ) : !list.data || list.data.length === 0 ? (
        <p className={styles.noItems}>{NO_ITEMS}</p>
      ) : (
        <ul className={styles.cards} aria-label="Recommendations">
          {list.data.map((card) => (
            <RecommendationCard key={`${card.model}-${card.id}`} card={card} locked={subscriber === false && !card.free} />
          ))}
        </ul>
      )}
    </section>
  );
}

function RecommendationCard({ card, locked }: { card: ContentCard; locked: boolean }) {
  const href = `/${card.model}/${card.id}`;
  const meta = [card.type, formatMinutes(card.duration) ?? formatSessions(card.amount_lessons)].filter(Boolean).join(" · ");
  // After buying, the member lands on this recommendation, now playable (decision 052).
  const offer = () => openSubscriptionOffer("locked", null, href);
  return (
    <li className={styles.card}>
      <div className={styles.cardArt}>
        <Cover src={card.cover} className={styles.cardCover} blankClassName={styles.cardBlank} lazy />
        {locked && (
          <span className={styles.cardLock}>
            <PlayerIcon name="lock" />
          </span>
        )}
      </div>
      <div className={styles.cardText}>
        <h3 className={styles.cardName}>
          {locked ? (
            <button type="button" className={styles.cardLink} onClick={offer}>
              {card.name}
              <span className="visually-hidden"> (locked)</span>
            </button>
          ) : (
            <Link className={styles.cardLink} to={href}>
              {card.name}
            </Link>
          )}
        </h3>
        <p className={styles.cardMeta}>{meta}</p>
        <div className={styles.cardActions}>
          <FavoriteButton item={card} initial={card.favorite} look="icon" />
          {locked ? (
            <button type="button" className={styles.cardPlay} onClick={offer} aria-label={`Play ${card.name} (locked)`}>
              <PlayerIcon name="lock" /> Play
            </button>
          ) : (
            <Link className={styles.cardPlay} to={href} aria-label={`Play ${card.name}`}>
              <PlayerIcon name="play" /> Play
            </Link>
          )}
        </div>
      </div>
    </li>
  );
}
