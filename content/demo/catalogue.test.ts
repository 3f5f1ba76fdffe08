import { describe, expect, it } from "vitest";
import { AMBIENT_BEDS } from "@serene/domain";
import { CONTENT_MODELS, CONTENT_TYPES, MEDIA_VARIANTS, SCREEN_NAMES, loadCatalogue, loadMediaManifest } from "../index.ts";
import type { CatalogueItem } from "../catalogue.ts";

const catalogue = loadCatalogue();
const byId = new Map(catalogue.items.map((item) => [item.id, item]));
const isContainer = (item: CatalogueItem) => item.model.endsWith("-course") || item.model.endsWith("-playlist");
const isVoiced = (item: CatalogueItem) => item.model === "meditation-sleep" || item.model === "cbt";
const words = (text: string) => text.split(/\s+/).filter(Boolean).length;
const childIds = new Set(catalogue.items.flatMap((item) => item.children ?? []));

describe("demo catalogue", () => {
  it("has stable consecutive ids and unique slugs", () => {
    expect(catalogue.items.map((item) => item.id)).toEqual(catalogue.items.map((_, index) => index + 1));
    expect(new Set(catalogue.items.map((item) => item.slug)).size).toBe(catalogue.items.length);
    for (const item of catalogue.items) expect(item.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it("covers every model and type with at least 40 items, about a third free", () => {
    expect(catalogue.items.length).toBeGreaterThanOrEqual(40);
    for (const model of CONTENT_MODELS) expect(catalogue.items.some((item) => item.model === model)).toBe(true);
    for (const type of CONTENT_TYPES) expect(catalogue.items.some((item) => item.type === type)).toBe(true);
    const free = catalogue.items.filter((item) => item.free).length / catalogue.items.length;
    expect(free).toBeGreaterThan(0.25);
    expect(free).toBeLessThan(0.45);
  });

  it("uses 2-4 known tags per item and every tag at least once", () => {
    const known = new Set(catalogue.tags.map((tag) => tag.slug));
    expect(known.size).toBeGreaterThanOrEqual(15);
    for (const item of catalogue.items) {
      expect(item.tags.length, item.slug).toBeGreaterThanOrEqual(2);
      expect(item.tags.length, item.slug).toBeLessThanOrEqual(4);
      for (const tag of item.tags) expect(known.has(tag), `${item.slug}: ${tag}`).toBe(true);
    }
    for (const tag of known) expect(catalogue.items.some((item) => item.tags.includes(tag)), tag).toBe(true);
  });

  it("builds courses from sessions of the right model and playlists from music", () => {
    const courses = catalogue.items.filter((item) => item.model.endsWith("-course"));
    const playlists = catalogue.items.filter((item) => item.model === "music-soundscape-playlist");
    expect(courses.length).toBeGreaterThanOrEqual(3);
    expect(playlists.length).toBeGreaterThanOrEqual(2);
    for (const course of courses) {
      const sessions = (course.children ?? []).map((id) => byId.get(id)!);
      expect(sessions.length).toBeGreaterThanOrEqual(3);
      expect(sessions.length).toBeLessThanOrEqual(5);
      for (const session of sessions) expect(session.model).toBe(course.model === "cbt-course" ? "cbt" : "meditation-sleep");
      expect(sessions[0]!.free).toBe(true);
      expect(sessions.filter((session) => !session.free).length).toBeGreaterThanOrEqual(sessions.length - 2);
    }
    for (const playlist of playlists) {
      expect((playlist.children ?? []).length).toBeGreaterThanOrEqual(2);
      for (const id of playlist.children ?? []) expect(byId.get(id)!.model).toBe("music-soundscape");
    }
  });

  it("gives voiced items a 90-140 word script and media paths that follow the free flag", () => {
    const variants = new Set(Object.keys(MEDIA_VARIANTS));
    for (const item of catalogue.items) {
      if (isContainer(item)) {
        expect(item.media, item.slug).toBeUndefined();
        continue;
      }
      if (isVoiced(item)) {
        expect(words(item.script ?? ""), item.slug).toBeGreaterThanOrEqual(90);
        expect(words(item.script ?? ""), item.slug).toBeLessThanOrEqual(140);
        expect(item.media?.audio_male ?? item.media?.audio_female, item.slug).toBeTruthy();
      } else {
        expect(item.script).toBeUndefined();
        expect(item.media?.audio, item.slug).toBeTruthy();
      }
      for (const [variant, path] of Object.entries(item.media ?? {})) {
        expect(variants.has(variant)).toBe(true);
        const folder = MEDIA_VARIANTS[variant as keyof typeof MEDIA_VARIANTS];
        expect(path).toBe(`${item.free ? "free" : "premium"}/${item.slug}/${folder}`);
      }
      if (item.soundscape) expect(item.soundscape).toMatch(/^free\/ambient\/[a-z-]+$/);
    }
  });

  it("has the ambient beds a member can choose under a session, and only those", () => {
    const inPack = Object.keys(loadMediaManifest()).filter((path) => path.startsWith("free/ambient/"));
    const offered = AMBIENT_BEDS.map((bed) => `free/ambient/${bed.id}`);
    if (inPack.length > 0) expect([...inPack].sort()).toEqual([...offered].sort());
    for (const item of catalogue.items) if (item.soundscape) expect(offered).toContain(item.soundscape);
  });

  it("fills collections, screens and the 14-day plan with known ids", () => {
    expect(catalogue.collections.length).toBeGreaterThanOrEqual(6);
    for (const collection of catalogue.collections) {
      expect(collection.items.length).toBeGreaterThanOrEqual(4);
      expect(collection.items.length).toBeLessThanOrEqual(8);
      for (const id of collection.items) {
        expect(byId.has(id)).toBe(true);
        expect(childIds.has(id), `collection ${collection.id} lists child ${id}`).toBe(false);
      }
    }
    const sectionIds = SCREEN_NAMES.flatMap((screen) => catalogue.screens[screen].map((section) => section.id));
    expect(new Set(sectionIds).size).toBe(sectionIds.length);
    for (const screen of SCREEN_NAMES) {
      for (const section of catalogue.screens[screen]) {
        for (const id of section.items) {
          expect(byId.has(id)).toBe(true);
          expect(childIds.has(id), `section ${section.id} lists child ${id}`).toBe(false);
        }
        if (section.collection != null) expect(catalogue.collections.some((c) => c.id === section.collection)).toBe(true);
      }
    }
    const home = catalogue.screens.home;
    expect(home[0]!.section_type).toBe("Daily Meditation");
    expect(home.find((section) => section.section_type === "Personal Plan")?.items).toEqual([]);
    expect(catalogue.plan.map((day) => day.day)).toEqual(Array.from({ length: 14 }, (_, index) => index + 1));
    for (const day of catalogue.plan) {
      expect(day.items.length).toBeGreaterThanOrEqual(2);
      expect(day.items.length).toBeLessThanOrEqual(3);
      for (const id of day.items) expect(byId.has(id)).toBe(true);
    }
  });
});
