import type { ContentItem, ContentSession } from "@serene/contracts";
import { childModelOf, isListModel, subscriberForPlayer, type ContentModel, type DownloadStreamField } from "@serene/domain";
import { useEffect, useRef, useState } from "react";
import { ApiError } from "../../../lib/api-client";
import { analytics } from "../../../lib/analytics";
import { useDocumentTitle } from "../../../lib/document-title";
import { ButtonLink, Button } from "../../../components/ui/button";
import { Skeleton } from "../../../components/ui/skeleton";
import { openSubscriptionOffer } from "../../../lib/buying/subscription-offer";
import { recordView } from "../api/activity";
import { keepSignedCookiesFresh } from "../api/signed-cookies";
import { useContentItem } from "../api/content";
import { useIsSubscriber } from "../hooks/use-is-subscriber";
import { useDownload, useDownloadsKeptOnlyWhileEntitled } from "../hooks/use-downloads";
import { useAccountStatus } from "../../../lib/server-data/account-status";
import { streamsOf } from "../lib/downloads";
import { formatMinutes, formatSessions } from "../lib/time";
import { usePlayback } from "../hooks/use-playback";
import { playback } from "../lib/playback";
import { isLocked, type Streams } from "../lib/variants";
import { CopyLinkButton } from "./copy-link-button";
import { DownloadButton } from "./download-button";
import { Cover } from "./cover";
import { FavoriteButton } from "./favorite-button";
import { PlayerIcon } from "./icons";
import type { Playable } from "./engine/use-stage-engine";
import { PlayerStage } from "./stage/player-stage";
import { Recommendations } from "./recommendations";
import { SessionList } from "./session-list";
import styles from "./player-page.module.css";

const MUSIC_MODELS: ContentModel[] = ["music-soundscape", "music-soundscape-playlist"];

/** Courses start on the first free session; a subscriber on the first one (spec 001 section 4). */
export function startingSession(sessions: ContentSession[], subscriber: boolean): ContentSession | null {
  if (subscriber) return sessions[0] ?? null;
  return sessions.find((session) => session.free) ?? sessions[0] ?? null;
}

/** The stream field of an entry whose playlist the engine plays, or null. */
function fieldPlaying(entry: Streams, url: string | null | undefined): DownloadStreamField | null {
  return url ? (streamsOf(entry).find((field) => entry[field]?.hls.playlist === url) ?? null) : null;
}

/** The player at /{section}/{id}: loading, then the item, or a calm not-found state. */
export function PlayerPage({ model, id }: { model: ContentModel; id: string }) {
  const item = useContentItem(model, id);
  if (item.isPending) return <PlayerSkeleton />;
  if (item.isError) {
    const missing = item.error instanceof ApiError && (item.error.status === 404 || item.error.status === 422);
    return missing ? <PlayerNotFound /> : <PlayerFailed onRetry={() => void item.refetch()} />;
  }
  return <PlayerReady key={`${model}-${item.data.id}`} model={model} item={item.data} />;
}

function PlayerReady({ model, item }: { model: ContentModel; item: ContentItem }) {
  const known = useIsSubscriber();
  const status = useAccountStatus();
  const engine = usePlayback();
  const list = isListModel(model);
  const sessions = model === "music-soundscape-playlist" ? item.audios : item.meditation;
  useDownloadsKeptOnlyWhileEntitled();
  // Without a network the account status cannot be read: what this member downloaded still plays (decision 047).
  const kept = useDownload(model, item.id);
  const subscriber = subscriberForPlayer(known, status.isError, Boolean(kept && !kept.free));
  useDocumentTitle(item.name);
  // Coming back to a course or playlist whose session plays (from the mini-player): that session, going on.
  const [chosen, setChosen] = useState<{ id: number; autoPlay: boolean } | null>(() => {
    const playing = playback.getState();
    const own = playing.started && list && sessions.some((session) => `${childModelOf(model)}-${session.id}` === playing.track?.key);
    return own ? { id: playing.track!.id, autoPlay: false } : null;
  });
  const current = list
    ? (sessions.find((session) => session.id === chosen?.id) ?? (subscriber === null ? null : startingSession(sessions, subscriber)))
    : null;

  // Opening the page: one view record and the 'ViewContent' pixel event (spec 001 section 2).
  const viewed = useRef(false);
  useEffect(() => {
    if (viewed.current) return;
    viewed.current = true;
    void recordView({ id: item.id, model });
    analytics.track("ViewContent", { content_ids: String(item.id), content_type: model, content_name: item.name });
  }, [item.id, item.name, model]);

  // Media needs the signed cookies; they are renewed before they expire while the page is open.
  const playableSomewhere = !list || sessions.length > 0;
  useEffect(() => (playableSomewhere ? keepSignedCookiesFresh() : undefined), [playableSomewhere]);

  const locked = (entry: Streams & { free: boolean }) => isLocked(entry, subscriber);
  const playable: Playable | null = list ? current && { ...current, model: childModelOf(model), poster: item.poster } : { ...item, model };
  const minutes = formatMinutes(item.duration);
  const meta = [item.type, list ? formatSessions(item.amount_lessons ?? sessions.length) : minutes].filter(Boolean);
  const listTitle = model === "music-soundscape-playlist" ? "Playlist" : "Sessions";

  return (
    <div className={styles.page}>
      <div className={styles.layout}>
        <header className={styles.heading}>
          <p className={styles.eyebrow}>
            {meta.map((part, index) => (
              <span key={part} className={styles.metaPart}>
                {index > 0 && <span aria-hidden="true">·</span>}
                {part}
              </span>
            ))}
            {!item.free && (
              <span className={styles.premium}>
                <PlayerIcon name="lock" /> Premium
              </span>
            )}
          </p>
          <h1 className={styles.title}>{item.name}</h1>
          <div className={styles.actions}>
            <FavoriteButton item={{ id: item.id, model, name: item.name }} initial={item.favorite} />
            <CopyLinkButton item={{ id: item.id, model }} />
            {playable && (
              <DownloadButton
                key={`${playable.model}-${playable.id}`}
                model={playable.model}
                id={playable.id}
                free={playable.free}
                streams={streamsOf(playable)}
                playing={fieldPlaying(playable, engine.track?.key === `${playable.model}-${playable.id}` ? engine.track.url : null)}
                subscriber={subscriber}
              />
            )}
            {subscriber === false && !item.free && (
              <Button variant="accent" size="sm" onClick={() => openSubscriptionOffer("locked")}>
                Unlock
              </Button>
            )}
          </div>
        </header>

        <div className={styles.stageArea}>
          {playable ? (
            <PlayerStage
              key={`${playable.model}-${playable.id}`}
              playable={playable}
              musicModel={MUSIC_MODELS.includes(model)}
              locked={locked(playable)}
              autoPlay={chosen?.autoPlay ?? false}
              caption={list ? playable.name : undefined}
              onEnded={
                list
                  ? () => {
                      const index = sessions.findIndex((session) => session.id === playable.id);
                      const next = sessions.slice(index + 1).find((session) => !locked(session));
                      if (next) setChosen({ id: next.id, autoPlay: true });
                    }
                  : undefined
              }
            />
          ) : list && sessions.length === 0 ? (
            <div className={styles.stageEmpty}>
              <Cover src={item.cover} className={styles.emptyCover} blankClassName={styles.emptyCover} />
              <p>{model === "music-soundscape-playlist" ? "This playlist is empty for now." : "This course has no sessions yet."}</p>
            </div>
          ) : (
            <Skeleton className={styles.stageSkeleton} aria-busy="true" aria-label="Loading the player" />
          )}
        </div>

        {item.description && (
          <section className={styles.about} aria-labelledby="player-about-title">
            <h2 id="player-about-title">About</h2>
            <p>{item.description}</p>
            {list && current && current.description && current.description !== item.description && (
              <p className={styles.sessionAbout}>
                <strong>{current.name}.</strong> {current.description}
              </p>
            )}
          </section>
        )}

        <aside className={styles.aside}>
          {list ? (
            <SessionList
              title={listTitle}
              sessions={sessions}
              currentId={current?.id ?? null}
              playingId={engine.playing && current && engine.track?.key === `${childModelOf(model)}-${current.id}` ? current.id : null}
              isLocked={locked}
              emptyText={
                model === "music-soundscape-playlist"
                  ? "This playlist is empty for now. New audios arrive soon."
                  : "No sessions yet. New sessions arrive soon."
              }
              onSelect={(session) => {
                if (locked(session)) return openSubscriptionOffer("locked");
                setChosen({ id: session.id, autoPlay: true });
              }}
            />
          ) : (
            <Recommendations model={model} id={item.id} tags={item.tags} subscriber={subscriber} />
          )}
        </aside>
      </div>
    </div>
  );
}

function PlayerSkeleton() {
  return (
    <div className={styles.page} aria-busy="true">
      <p className="visually-hidden" role="status">
        Loading…
      </p>
      <div className={styles.layout}>
        <div className={styles.skeletonMain}>
          <Skeleton className={styles.lineSkeleton} />
          <Skeleton className={styles.titleSkeleton} />
          <Skeleton className={styles.stageSkeleton} />
        </div>
        <div className={styles.aside}>
          <Skeleton className={styles.panelSkeleton} />
        </div>
      </div>
    </div>
  );
}

function PlayerNotFound() {
  return (
    <section className={styles.notFound} aria-labelledby="player-missing-title">
      <svg className={styles.notFoundArt} viewBox="0 0 240 140" aria-hidden="true" focusable="false">
        <circle cx="168" cy="46" r="24" fill="#fdebdd" />
        <path d="M0 104c40-24 80-24 120 0s80 24 120 0v36H0z" fill="#c9b8f2" opacity="0.6" />
        <path d="M0 116c40-16 80-16 120 0s80 16 120 0v24H0z" fill="#7cc6b4" opacity="0.7" />
      </svg>
      <h1 id="player-missing-title">We could not find this one</h1>
      <p>This session may have moved or is no longer in the library. There is plenty more to settle into.</p>
      <ButtonLink to="/home">Back to home</ButtonLink>
    </section>
  );
}

function PlayerFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <section className={styles.notFound} aria-labelledby="player-failed-title">
      <h1 id="player-failed-title">This session did not load</h1>
      <p>Check your connection, take a breath, and try again.</p>
      <Button onClick={onRetry}>Try again</Button>
    </section>
  );
}
