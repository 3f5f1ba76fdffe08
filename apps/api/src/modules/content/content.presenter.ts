import type { ContentCard, ContentItem, ContentSession, Stream } from "@serene/contracts";
import { canPlay, durationMinutes, isComplete, type ContentType, type MediaVariant } from "@serene/domain";
import type { CatalogueSnapshot, ItemRecord } from "./catalogue-snapshot.ts";

/** What a presentation depends on about the member asking. */
export interface Viewer {
  favorites: ReadonlySet<number>;
  subscriber: boolean;
}

export interface Progress {
  played: ReadonlySet<number>;
  longest: ReadonlyMap<number, number>;
}

/** `mediaUrl`: where media is addressed from ("/media", or a CDN address). */
export function createContentPresenter(mediaUrl: string) {
  const url = (mediaPath: string) => `${mediaUrl}/${mediaPath}`;
  const stream = (mediaPath: string | undefined, playable: boolean, captions = false): Stream =>
    mediaPath && playable
      ? { hls: { playlist: url(`${mediaPath}/index.m3u8`), ...(captions ? { captions: url(`${mediaPath}/captions.vtt`) } : {}) } }
      : null;

  function card(item: ItemRecord, viewer: Viewer): ContentCard {
    return {
      id: item.id,
      model: item.model,
      name: item.name,
      cover: url(item.cover),
      type: item.type as ContentType,
      duration: durationMinutes(item.durationSeconds),
      amount_lessons: item.children.length > 0 ? item.children.length : null,
      free: item.free,
      favorite: viewer.favorites.has(item.id),
    };
  }

  function streams(item: ItemRecord, viewer: Viewer) {
    const playable = canPlay(item, viewer.subscriber);
    const variant = (name: MediaVariant) => stream(item.media[name], playable, item.captions.includes(name));
    return {
      video_male: variant("video_male"),
      video_female: variant("video_female"),
      audio_male: variant("audio_male"),
      audio_female: variant("audio_female"),
      audio: variant("audio"),
      video: variant("video"),
      soundscape: item.soundscape ? { main_format: stream(item.soundscape, playable) } : null,
    };
  }

  function progressOf(item: ItemRecord, progress: Progress) {
    const longest = progress.longest.get(item.id) ?? 0;
    return {
      watched: progress.played.has(item.id),
      complete: isComplete(longest, item.durationSeconds),
    };
  }

  function session(item: ItemRecord, position: number, viewer: Viewer, progress: Progress): ContentSession {
    return { ...card(item, viewer), description: item.description, position, ...progressOf(item, progress), ...streams(item, viewer) };
  }

  function detail(item: ItemRecord, snapshot: CatalogueSnapshot, viewer: Viewer, progress: Progress): ContentItem {
    const children = item.children
      .map((id) => snapshot.items.get(id))
      .filter((child): child is ItemRecord => Boolean(child))
      .map((child, index) => session(child, index + 1, viewer, progress));
    const own = progressOf(item, progress);
    const cover = url(item.cover);
    return {
      ...card(item, viewer),
      description: item.description,
      daily_featured_cover: cover,
      background: { web: cover },
      poster: cover,
      watched: own.watched || children.some((child) => child.watched),
      complete: children.length > 0 ? children.every((child) => child.complete) : own.complete,
      tags: item.tags.map((tag) => ({ id: tag.id, name: tag.name, slug: tag.slug })),
      goal: item.goal,
      ...streams(item, viewer),
      audios: item.model === "music-soundscape-playlist" ? children : [],
      meditation: item.model === "music-soundscape-playlist" ? [] : children,
    };
  }

  return { card, detail };
}
export type ContentPresenter = ReturnType<typeof createContentPresenter>;
