import type { MixBody, MixList, MixResponse } from "@serene/contracts";
import { MIXER_MAX_PRESETS, MIXER_MESSAGES, mixProblems } from "@serene/domain";
import { invalid, invalidField, notFound } from "../../domain-errors.ts";
import { ownedIdOr404 } from "../../http/ids.ts";
import type { CatalogueCache, CatalogueSnapshot } from "../content/catalogue-snapshot.ts";
import { presentMix } from "./mixer.presenter.ts";
import type { MixerRepository, MixRow } from "./mixer.repository.ts";

export const MIX_NOT_FOUND = "Mix not found.";

/**
 * The member's saved mixes in the Sounds mixer (decision 044). Each call is the signed-in member's own: a mix of
 * another member, an id nobody has and a malformed id all answer the same 404. Every sound of a mix is a single
 * soundscape of the catalogue; answers carry each sound's name and cover from it.
 */
export function createMixerService(deps: {
  repository: MixerRepository;
  cache: CatalogueCache;
  /** The public address of a cover (the content presenter's media address). */
  coverUrl: (mediaPath: string) => string;
}) {
  const { repository, cache, coverUrl } = deps;

  /** A malformed id cannot name a mix: it is not found, without asking the database (which would refuse it). */
  const idOf = (id: string) => ownedIdOr404(id, MIX_NOT_FOUND);
  const present = (row: MixRow, snapshot: CatalogueSnapshot) => presentMix(row, snapshot, coverUrl);

  /** The body's sounds checked against the catalogue (one soundscape each, none twice); 422 on `layers.N.id`. */
  async function checked(body: MixBody): Promise<CatalogueSnapshot> {
    let snapshot = await cache.get();
    // An id the snapshot does not know may have been ingested since: the cache reloads once for it.
    for (const layer of body.layers) if (!snapshot.items.has(layer.id)) snapshot = (await cache.item(layer.id)).snapshot;
    const isBed = (id: number) => {
      const item = snapshot.items.get(id);
      return item !== undefined && item.model === "music-soundscape" && item.children.length === 0;
    };
    const problems = mixProblems(body.layers, isBed);
    if (Object.keys(problems).length > 0) throw invalid(problems);
    return snapshot;
  }

  const found = (row: MixRow | null, snapshot: CatalogueSnapshot): MixResponse => {
    if (!row) throw notFound(MIX_NOT_FOUND);
    return { data: present(row, snapshot) };
  };

  return {
    /** GET /user/mixes: the latest changed first. */
    async list(userId: string): Promise<MixList> {
      const [rows, snapshot] = await Promise.all([repository.list(userId), cache.get()]);
      return { data: rows.map((row) => present(row, snapshot)) };
    },

    async create(userId: string, body: MixBody): Promise<MixResponse> {
      const snapshot = await checked(body);
      const row = await repository.create(userId, body.name, body.layers, MIXER_MAX_PRESETS);
      if (!row) throw invalidField("name", MIXER_MESSAGES.tooMany);
      return found(row, snapshot);
    },

    async update(userId: string, id: string, body: MixBody): Promise<MixResponse> {
      const mixId = idOf(id);
      const snapshot = await checked(body);
      return found(await repository.update(userId, mixId, body.name, body.layers), snapshot);
    },

    async remove(userId: string, id: string): Promise<void> {
      if (!(await repository.remove(userId, idOf(id)))) throw notFound(MIX_NOT_FOUND);
    },
  };
}
export type MixerService = ReturnType<typeof createMixerService>;
