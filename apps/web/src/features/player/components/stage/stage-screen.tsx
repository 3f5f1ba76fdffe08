import { useLayoutEffect, useRef, type ReactNode } from "react";
import { playback } from "../../lib/playback";
import { Cover } from "../cover";
import { PlayerIcon } from "../icons";
import styles from "./stage.module.css";

interface StageScreenProps {
  cover: string;
  locked: boolean;
  /** The engine plays this entry: its media element is lent to this screen. */
  mine: boolean;
  showVideo: boolean;
  /** Over the picture or under the cover: the spoken line, when captions are on. */
  children?: ReactNode;
}

/**
 * The top of the stage: the engine's media element (a <video>, shown only for a video; hidden for audio), or the
 * cover with its halo, and the Premium badge on a locked item.
 */
export function StageScreen({ cover, locked, mine, showVideo, children }: StageScreenProps) {
  const slot = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const element = slot.current;
    if (!element || !mine) return;
    playback.attach(element, showVideo ? styles.video! : styles.hiddenMedia!);
    return () => playback.detach(element);
  }, [mine, showVideo]);

  return (
    <div className={[styles.screen, showVideo && styles.screenVideo].filter(Boolean).join(" ")}>
      <div ref={slot} className={showVideo ? styles.videoSlot : undefined} />
      {!showVideo && (
        <div className={styles.art}>
          <span className={styles.halo} aria-hidden="true" />
          <Cover src={cover} className={styles.cover} blankClassName={styles.coverBlank} />
          {locked && (
            <span className={styles.lockBadge}>
              <PlayerIcon name="lock" /> Premium
            </span>
          )}
        </div>
      )}
      {children}
    </div>
  );
}
