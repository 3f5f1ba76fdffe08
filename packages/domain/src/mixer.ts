/**
 * The Sounds mixer (decision 044): up to three soundscapes played together, each at its own volume, kept by
 * the member as named presets.
 */
export const MIXER_MAX_LAYERS = 3;
export const MIXER_MAX_PRESETS = 20;
export const MIXER_NAME_MAX = 40;

export const MIXER_MESSAGES = {
  duplicate: "Each sound can be in a mix once.",
  notABed: "Only sounds and soundscapes can be mixed.",
  tooMany: `A member keeps up to ${MIXER_MAX_PRESETS} mixes. Delete one to save another.`,
} as const;

export interface MixLayer {
  id: number;
  volume: number;
}

/**
 * What is wrong with a mix beyond its fields' own limits, per field (`layers.N.id`): a sound twice, or an item
 * that is not a single soundscape (`isBed` says which are).
 */
export function mixProblems(layers: readonly MixLayer[], isBed: (id: number) => boolean): Record<string, string[]> {
  const problems: Record<string, string[]> = {};
  const seen = new Set<number>();
  layers.forEach((layer, index) => {
    const field = `layers.${index}.id`;
    if (seen.has(layer.id)) problems[field] = [MIXER_MESSAGES.duplicate];
    else if (!isBed(layer.id)) problems[field] = [MIXER_MESSAGES.notABed];
    seen.add(layer.id);
  });
  return problems;
}
