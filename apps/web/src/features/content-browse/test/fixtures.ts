import type { ContentCard, Section } from "@serene/contracts";

export const card = (id: number, overrides: Partial<ContentCard> = {}): ContentCard => ({
  id,
  model: "meditation-sleep",
  name: `Calm ${id}`,
  cover: `/media/covers/calm-${id}.svg`,
  type: "Meditations",
  duration: 10,
  amount_lessons: null,
  free: true,
  favorite: false,
  ...overrides,
});

export const section = (id: number, content: ContentCard[], overrides: Partial<Section> = {}): Section => ({
  id,
  name: `Section ${id}`,
  section_type: "Collection",
  content,
  day: null,
  collection_id: null,
  ...overrides,
});

export const page = <T>(data: T[]) => ({ data, meta: { current_page: 1, per_page: 20, total: data.length, last_page: 1 } });

export const TAGS = {
  data: [
    { id: 1, name: "Anxiety", slug: "anxiety" },
    { id: 2, name: "Focus", slug: "focus" },
    { id: 3, name: "Sleep", slug: "sleep" },
  ],
};
