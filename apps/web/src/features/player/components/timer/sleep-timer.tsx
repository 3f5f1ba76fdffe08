import { SLEEP_TIMER_CHOICES, sleepTimerLabel, type SleepTimerChoice } from "@serene/domain";
import { useEffect, useId, useRef, useState } from "react";
import { usePlayback } from "../../hooks/use-playback";
import { playback } from "../../lib/playback";
import { formatClock } from "../../lib/time";
import { PlayerIcon } from "../icons";
import styles from "./sleep-timer.module.css";

/**
 * The sleep timer's button and its menu (decision 043), on the full player and the mini-player: 5 to 60
 * minutes or the end of the session; the sound fades over the last 30 seconds and stops. While it runs the
 * button shows the time left.
 */
export function SleepTimer({ compact = false }: { compact?: boolean }) {
  const { sleep } = usePlayback();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const away = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", away);
    return () => document.removeEventListener("pointerdown", away);
  }, [open]);
  const left = sleep ? (sleep.remaining === null ? "End" : formatClock(Math.ceil(sleep.remaining))) : null;
  const choose = (choice: SleepTimerChoice | null) => {
    playback.setSleepTimer(choice);
    setOpen(false);
  };
  return (
    <div
      ref={root}
      className={styles.timer}
      onKeyDown={(event) => {
        if (event.key === "Escape" && open) {
          event.stopPropagation();
          setOpen(false);
        }
      }}
    >
      <button
        type="button"
        className={[styles.button, compact && styles.compact, sleep && styles.on].filter(Boolean).join(" ")}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={sleep ? `Sleep timer: ${sleep.remaining === null ? "at the end" : `${left} left`}` : "Sleep timer"}
        onClick={() => setOpen((value) => !value)}
      >
        <PlayerIcon name="moon" />
        {left && <span className={styles.left}>{left}</span>}
      </button>
      {open && (
        <div id={menuId} role="menu" aria-label="Sleep timer" className={styles.menu}>
          {SLEEP_TIMER_CHOICES.map((choice) => (
            <button
              key={choice}
              type="button"
              role="menuitemradio"
              aria-checked={sleep?.choice === choice}
              className={styles.item}
              onClick={() => choose(choice)}
            >
              {sleepTimerLabel(choice)}
            </button>
          ))}
          {sleep && (
            <button type="button" role="menuitem" className={styles.item} onClick={() => choose(null)}>
              Turn off the timer
            </button>
          )}
        </div>
      )}
    </div>
  );
}
