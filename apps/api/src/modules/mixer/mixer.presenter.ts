import type { Mix } from "@serene/contracts";
import type { CatalogueSnapshot } from "../content/catalogue-snapshot.ts";
import type { MixRow } from "./mixer.repository.ts";

/**
 * A saved mix as the API answers it: each sound with its name and cover from the catalogue. A sound taken out of
 * the catalogue since the mix was saved is left out of the answer, not shown broken.
 */
export const presentMix = (row: MixRow, snapshot: CatalogueSnapshot, coverUrl: (mediaPath: string) => string): Mix => ({
  id: row.id,
  name: row.name,
  layers: row.layers.flatMap((layer) => {
    const item = snapshot.items.get(layer.id);
    return item ? [{ id: layer.id, volume: layer.volume, name: item.name, cover: coverUrl(item.cover) }] : [];
  }),
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});
