import type { WorkbookCard as Card } from "@serene/contracts";
import { Link, useNavigate } from "react-router";
import { LockIcon, Pause } from "../../../components/content";
import { Tooltip } from "../../../components/ui/tooltip";
import { openSubscriptionOffer } from "../../../lib/buying/subscription-offer";
import { resetWorkbook } from "../model/progress";
import { WorkbookArt } from "./workbook-art";
import styles from "./workbooks.module.css";

/** Where a workbook is filled in, and where a member's saved entry is read. */
export const workbookPath = (id: number | string) => `/workbooks/workbook/${id}`;
export const entryPath = (id: string) => `/profile/workbook/${id}`;

/** What a card does for this member (spec 001 section 4). */
export type CardState = "waiting" | "completed" | "subscribers" | "open";

export function cardState(card: Card): CardState {
  if (card.locked_reason !== null) return "waiting";
  if (card.completed && card.latest_entry_id !== null) return "completed";
  if (!card.available) return "subscribers";
  return "open";
}

const STATE_LABEL: Record<CardState, string | null> = {
  waiting: "Waiting",
  completed: "Completed",
  subscribers: "For subscribers",
  open: null,
};

function CheckIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M6.5 12.5L10.3 16.2L17.5 8.5" />
    </svg>
  );
}

/** Opens a workbook from the start: the kept progress is reset first (spec 001 section 4). */
export function useStartWorkbook() {
  const navigate = useNavigate();
  return (card: Pick<Card, "id" | "available">) => {
    if (!card.available) return openSubscriptionOffer("locked");
    resetWorkbook(card.id);
    void navigate(workbookPath(card.id));
  };
}

/** A pause after a part of the name, unless it ends its own sentence. */
const pauseAfter = (text: string) => (/[.!?]$/.test(text) ? null : <Pause />);

interface WorkbookCardProps {
  card: Card;
  /** compact: home's row (no technique line). */
  compact?: boolean;
}

/**
 * One workbook: its name, what it is for, how long it takes, the technique it comes from and where the
 * member stands. A workbook waiting for another shows the spec's tooltip and has no link; a completed one
 * links to the member's latest entry and can be filled in again; one for subscribers opens the offer;
 * any other resets and opens. Each control is named by its visible text in order (WCAG 2.5.3), with
 * hidden pauses between the parts.
 */
export function WorkbookCard({ card, compact = false }: WorkbookCardProps) {
  const start = useStartWorkbook();
  const state = cardState(card);
  const label = STATE_LABEL[state];
  const body = (
    <>
      <WorkbookArt id={card.id} />
      {label && (
        <span className={[styles.state, styles[`state_${state}`]].join(" ")}>
          {state === "completed" ? <CheckIcon /> : <LockIcon />}
          <span>
            {label}
            <Pause />
          </span>
        </span>
      )}
      <span className={styles.cardText}>
        <span className={styles.cardName}>
          {card.name}
          <Pause />
        </span>
        <span className={styles.cardDescription}>
          {card.description}
          {pauseAfter(card.description)}
        </span>
        {!compact && (
          <span className={styles.technique}>
            {card.technique}
            {pauseAfter(card.technique)}
          </span>
        )}
        <span className={styles.cardMeta}>
          {`${card.minutes} min`}
          {(state === "completed" || state === "waiting") && <Pause />}
        </span>
      </span>
    </>
  );
  const primaryClass = [styles.cardPrimary, state === "waiting" && styles.waiting].filter(Boolean).join(" ");

  let primary;
  if (state === "waiting") {
    primary = (
      <Tooltip content={card.locked_reason} className={primaryClass} openOnPress>
        {body}
        <span className="visually-hidden">{card.locked_reason}</span>
      </Tooltip>
    );
  } else if (state === "completed") {
    primary = (
      <Link className={primaryClass} to={entryPath(card.latest_entry_id as string)}>
        {body}
        <span className="visually-hidden">read your answers</span>
      </Link>
    );
  } else {
    primary = (
      <button type="button" className={primaryClass} onClick={() => start(card)}>
        {body}
      </button>
    );
  }

  return (
    <article className={[styles.card, compact && styles.compact].filter(Boolean).join(" ")} data-card={state}>
      {primary}
      {state === "completed" && (
        <button type="button" className={styles.again} onClick={() => start(card)}>
          Fill in again
          <Pause mark=":" />
          <span className="visually-hidden">{card.name}</span>
        </button>
      )}
    </article>
  );
}
