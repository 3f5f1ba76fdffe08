import type { Cue } from "@serene/domain";
import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { PillButton } from "../../../../components/ui/pill-button";
import { STORAGE_KEYS, storage } from "../../../../lib/storage";
import { formatClock } from "../../lib/time";
import styles from "./transcript.module.css";

export const CAPTIONS_FAILED = "The words of this session could not be loaded.";
/** How long the transcript stops following the voice after the member scrolls it. */
export const FOLLOW_PAUSE_MS = 5000;

/** Captions on or off: a choice of this device, kept in local storage. */
export function useCaptionsSetting(): [boolean, (on: boolean) => void] {
  const [on, setOn] = useState(() => storage.get(STORAGE_KEYS.captions) === "on");
  const choose = useCallback((next: boolean) => {
    setOn(next);
    if (next) storage.set(STORAGE_KEYS.captions, "on");
    else storage.remove(STORAGE_KEYS.captions);
  }, []);
  return [on, choose];
}

/**
 * The line being spoken, on the stage: under the cover for audio, over the picture for video. Not a live region:
 * the voice itself says these words, a screen reader repeating them would talk over it.
 */
export function SpokenLine({ text, failed, overVideo }: { text: string | null; failed: boolean; overVideo: boolean }) {
  return (
    <div className={overVideo ? styles.lineOverVideo : styles.lineUnderCover} data-testid="spoken-line">
      {failed ? (
        <p className={styles.lineNote}>{CAPTIONS_FAILED}</p>
      ) : (
        text && (
          <p className={styles.line} lang="en">
            {text}
          </p>
        )
      )}
    </div>
  );
}

interface TranscriptProps {
  id: string;
  cues: Cue[] | undefined;
  /** The index of the line being spoken, -1 between lines. */
  current: number;
  status: "pending" | "error" | "success";
  onChoose: (cue: Cue) => void;
  onRetry: () => void;
}

/**
 * Every line with its time. The spoken one is marked (aria-current) and kept in view by scrolling the list itself
 * only, never the page or the focus; after the member scrolls the list it stops following for five seconds. A line
 * is chosen by click, Enter or Space; the arrow keys, Home and End move between lines (one tab stop for the list).
 */
export function Transcript({ id, cues, current, status, onChoose, onRetry }: TranscriptProps) {
  const headingId = useId();
  const list = useRef<HTMLOListElement>(null);
  const [focusIndex, setFocusIndex] = useState<number | null>(null);
  const expectedScroll = useRef<number | null>(null);
  const pausedUntil = useRef(0);

  // Follow the voice: centre the spoken line inside the list, unless the member scrolled it a moment ago.
  useEffect(() => {
    const element = list.current;
    if (!element || current < 0 || Date.now() < pausedUntil.current) return;
    const line = element.children[current] as HTMLElement | undefined;
    if (!line) return;
    const target = Math.max(
      0,
      Math.min(line.offsetTop - (element.clientHeight - line.offsetHeight) / 2, element.scrollHeight - element.clientHeight),
    );
    if (Math.abs(element.scrollTop - target) < 1) return;
    expectedScroll.current = Math.round(target);
    element.scrollTop = target;
  }, [current, cues]);

  const onScroll = () => {
    const element = list.current;
    if (!element) return;
    // Our own scroll lands where we put it; anything else is the member's.
    if (expectedScroll.current !== null && Math.abs(element.scrollTop - expectedScroll.current) <= 2) {
      expectedScroll.current = null;
      return;
    }
    expectedScroll.current = null;
    pausedUntil.current = Date.now() + FOLLOW_PAUSE_MS;
  };

  // One tab stop: the line last moved to, else the spoken one (kept inside the list when another voice's lines arrive).
  const tabStop = Math.min(focusIndex ?? (current >= 0 ? current : 0), Math.max(0, (cues?.length ?? 1) - 1));
  const focusLine = (index: number) => {
    const button = list.current?.children[index]?.querySelector("button");
    if (!button) return;
    setFocusIndex(index);
    // The member moved here: let the list show it without the following pulling it away.
    pausedUntil.current = Date.now() + FOLLOW_PAUSE_MS;
    button.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLOListElement>) => {
    if (!cues || cues.length === 0) return;
    const from = tabStop;
    const to =
      event.key === "ArrowDown" || event.key === "ArrowRight"
        ? Math.min(cues.length - 1, from + 1)
        : event.key === "ArrowUp" || event.key === "ArrowLeft"
          ? Math.max(0, from - 1)
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? cues.length - 1
              : null;
    if (to === null) return;
    event.preventDefault();
    focusLine(to);
  };

  return (
    <section id={id} className={styles.transcript} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        Transcript
      </h2>
      {status === "pending" && <p className={styles.note}>Finding the words…</p>}
      {status === "error" && (
        <div className={styles.failed} role="alert">
          <p>{CAPTIONS_FAILED}</p>
          <PillButton size="sm" onClick={onRetry}>
            Try again
          </PillButton>
        </div>
      )}
      {status === "success" && cues && cues.length === 0 && <p className={styles.note}>This session has no words to show.</p>}
      {status === "success" && cues && cues.length > 0 && (
        <ol ref={list} className={styles.lines} aria-labelledby={headingId} onScroll={onScroll} onKeyDown={onKeyDown}>
          {cues.map((cue, index) => (
            <li key={`${cue.start}-${index}`}>
              <button
                type="button"
                className={styles.lineButton}
                aria-current={index === current ? "true" : undefined}
                tabIndex={index === tabStop ? 0 : -1}
                onFocus={() => setFocusIndex(index)}
                onClick={() => onChoose(cue)}
              >
                <time className={styles.time} dateTime={`PT${Math.floor(cue.start)}S`}>
                  {formatClock(cue.start)}
                </time>
                <span className={styles.words}>{cue.text}</span>
              </button>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
