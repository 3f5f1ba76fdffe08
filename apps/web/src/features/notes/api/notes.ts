import type { NoteBody } from "@serene/contracts";
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { createNote } from "../../../lib/server-data/notes";
import { noteKeys } from "../../../lib/note-keys";

/** Notes a page (spec 001 section 9). */
export const NOTES_PER_PAGE = 20;

export const notesKeys = {
  all: noteKeys.all,
  lists: () => [...notesKeys.all, "list"] as const,
  list: (page: number) => [...notesKeys.lists(), page] as const,
  item: (id: string) => [...notesKeys.all, "item", id] as const,
};

/** GET /user/notes?page=&per_page=20: newest first, with the paging meta. */
export const notesQuery = (page: number) =>
  queryOptions({
    queryKey: notesKeys.list(page),
    queryFn: ({ signal }) => api.get("user/notes", { query: { page, per_page: NOTES_PER_PAGE }, signal }),
    placeholderData: keepPreviousData,
  });

/** GET /user/notes/{id}: a 404 (another member's, deleted, or never there) is the page's own not-found, not a toast. */
export const noteQuery = (id: string) =>
  queryOptions({
    queryKey: notesKeys.item(id),
    queryFn: ({ signal }) => api.get("user/notes/{id}", { params: { id }, signal, silent: true }),
    retry: false,
  });

export const useNotes = (page: number) => useQuery(notesQuery(page));
export const useNote = (id: string) => useQuery(noteQuery(id));

/**
 * POST /user/notes, or PUT /user/notes/{id} when editing. Failures are the form's to show (its field
 * messages, a 429's message); the note's pages load again with the saved note.
 */
export function useSaveNote(id?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NoteBody) =>
      id ? api.put("user/notes/{id}", { params: { id }, body, silent: true }) : createNote(body, { silent: true }),
    onSuccess: (reply) => {
      queryClient.setQueryData(notesKeys.item(reply.id), reply);
      void queryClient.invalidateQueries({ queryKey: notesKeys.lists() });
    },
  });
}

/** DELETE /user/notes/{id}: answers the spec's 'Successfully deleted'. */
export function useDeleteNote(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete("user/notes/{id}", { params: { id } }),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: notesKeys.item(id) });
      void queryClient.invalidateQueries({ queryKey: notesKeys.lists() });
    },
  });
}
