import { useState } from "react";
import { pillClass } from "../../../components/ui/pill-button";
import { useSetFavorite, type ContentRef } from "../api/activity";
import { PlayerIcon } from "./icons";
import styles from "./actions.module.css";

interface FavoriteButtonProps {
  item: ContentRef & { name: string };
  initial: boolean;
  /** "pill" next to the title, "icon" on a recommendation card. */
  look?: "pill" | "icon";
}

/**
 * Favourite on or off (spec 001 section 4): the button changes only after the POST or DELETE
 * /user/favorite call succeeded; a failure leaves it as it was.
 */
export function FavoriteButton({ item, initial, look = "pill" }: FavoriteButtonProps) {
  const [favorite, setLocal] = useState(initial);
  const mutation = useSetFavorite({ id: item.id, model: item.model }, setLocal);
  const label = look === "icon" ? `Like ${item.name}` : "Favourite";
  return (
    <button
      type="button"
      className={look === "icon" ? styles.like : pillClass({ size: "sm" }, styles.favourite)}
      aria-pressed={favorite}
      aria-label={look === "icon" ? label : undefined}
      aria-busy={mutation.isPending || undefined}
      disabled={mutation.isPending}
      onClick={() => mutation.mutate(!favorite)}
    >
      <PlayerIcon name="heart" className={styles.heart} />
      {look === "pill" && <span>Favourite</span>}
    </button>
  );
}
