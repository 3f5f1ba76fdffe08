import type { Mix, MixBody } from "@serene/contracts";
import { useQuery, useQueryClient, useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { contentKeys } from "../../../lib/catalogue-keys";
import { queryClient } from "../../../lib/query-client";
import { contentItemQuery } from "./content";

/** The mixer's reads and writes (decision 044). */
export const mixKeys = { all: ["mixes"] as const };

/** The soundscapes a mix can hold: every single soundscape of the catalogue. */
export const useBeds = () =>
  useQuery({
    queryKey: [...contentKeys.model("music-soundscape"), "beds"],
    queryFn: ({ signal }) => api.get("music-soundscape", { signal, silent: true, query: { page: 1, per_page: 50 } }),
    select: (page) => page.data,
  });

/** A soundscape's stream, or null when the member may not play it. */
export async function bedStream(id: number): Promise<string | null> {
  const item = await queryClient.fetchQuery(contentItemQuery("music-soundscape", String(id)));
  return item.audio?.hls.playlist ?? null;
}

export const useMixes = () => useQuery({ queryKey: mixKeys.all, queryFn: () => api.get("user/mixes", { silent: true }) });

export function useSaveMix() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: MixBody): Promise<Mix> => await api.post("user/mixes", { body, silent: "validation" }),
    onSuccess: () => client.invalidateQueries({ queryKey: mixKeys.all }),
  });
}

export function useDeleteMix() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete("user/mixes/{id}", { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: mixKeys.all }),
  });
}
