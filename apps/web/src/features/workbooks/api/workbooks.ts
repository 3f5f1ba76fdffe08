import type { Note, NoteBody, WorkbookEntry, WorkbookEntryBody } from "@serene/contracts";
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { noteKeys } from "../../../lib/note-keys";
import type { MutationCallbacks } from "../../../lib/server-data/mutation-callbacks";
import { createNote } from "../../../lib/server-data/notes";

/**
 * The workbook calls (spec 001 section 7): the member's cards (GET /workbooks), one workbook (GET /workbook/{id}),
 * the member's entries (GET, POST, DELETE /user/workbook). Loads stay out of the global error toast: the pages
 * show a calm state of their own.
 */

/** Worksheets page size (spec 001 section 9: default page size 20). */
export const ENTRIES_PER_PAGE = 20;

export const workbookKeys = {
  all: ["workbooks"] as const,
  /** GET /workbooks: the cards, with the member's gating and completions. */
  cards: () => [...workbookKeys.all, "cards"] as const,
  /** GET /workbook/{id} */
  detail: (id: string) => [...workbookKeys.all, "workbook", id] as const,
  entries: () => [...workbookKeys.all, "entries"] as const,
  /** GET /user/workbook?page= */
  entryPage: (page: number) => [...workbookKeys.entries(), "page", page] as const,
  /** GET /user/workbook/{id} */
  entry: (id: string) => [...workbookKeys.entries(), id] as const,
};

export const getWorkbookCards = (signal?: AbortSignal) => api.get("workbooks", { signal, silent: true });

export const workbookCardsQueryOptions = () =>
  queryOptions({ queryKey: workbookKeys.cards(), queryFn: ({ signal }) => getWorkbookCards(signal) });

export const useWorkbookCards = () => useQuery(workbookCardsQueryOptions());

export const getWorkbook = (id: string, signal?: AbortSignal) => api.get("workbook/{id}", { params: { id }, signal, silent: true });

export const workbookQueryOptions = (id: string) =>
  queryOptions({ queryKey: workbookKeys.detail(id), queryFn: ({ signal }) => getWorkbook(id, signal), retry: false });

export const useWorkbook = (id: string) => useQuery(workbookQueryOptions(id));

export const getEntries = (page: number, signal?: AbortSignal) =>
  api.get("user/workbook", { signal, silent: true, query: { page, per_page: ENTRIES_PER_PAGE } });

export const entriesQueryOptions = (page: number) =>
  queryOptions({ queryKey: workbookKeys.entryPage(page), queryFn: ({ signal }) => getEntries(page, signal) });

export const useEntries = (page: number) => useQuery({ ...entriesQueryOptions(page), placeholderData: keepPreviousData });

export const getEntry = (id: string, signal?: AbortSignal) => api.get("user/workbook/{id}", { params: { id }, signal, silent: true });

export const entryQueryOptions = (id: string) =>
  queryOptions({ queryKey: workbookKeys.entry(id), queryFn: ({ signal }) => getEntry(id, signal), retry: false });

export const useEntry = (id: string | null) => useQuery({ ...entryQueryOptions(id ?? ""), enabled: id !== null });

/** POST /user/workbook: 422 answers (`answers.<question id>`) are shown on their question, not as a toast. */
export const saveEntry = (body: WorkbookEntryBody) => api.post("user/workbook", { body, silent: "validation" });

/** DELETE /user/workbook/{id}: a failure is only logged (spec 001 section 8); the page tells the member kindly. */
export const deleteEntry = (id: string) => api.delete("user/workbook/{id}", { params: { id }, silent: true });

/** POST /user/notes: the result page keeps a summary of the entry as one of the member's notes. */
export const saveNote = (body: NoteBody) => createNote(body);

/** Saving an entry: it is cached under its own key, and the cards (completions) and entry lists are read again. */
export function useSaveEntry({ onSuccess, onError }: MutationCallbacks<WorkbookEntry> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveEntry,
    onSuccess: (entry) => {
      queryClient.setQueryData(workbookKeys.entry(entry.id), entry);
      void queryClient.invalidateQueries({ queryKey: workbookKeys.cards() });
      void queryClient.invalidateQueries({ queryKey: workbookKeys.entries() });
      onSuccess?.(entry);
    },
    onError,
  });
}

/** Deleting an entry: its cache goes, and the cards and entry lists are read again. */
export function useDeleteEntry(id: string, { onSuccess, onError }: MutationCallbacks<unknown> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteEntry(id),
    onSuccess: (reply) => {
      queryClient.removeQueries({ queryKey: workbookKeys.entry(id) });
      void queryClient.invalidateQueries({ queryKey: workbookKeys.cards() });
      void queryClient.invalidateQueries({ queryKey: workbookKeys.entries() });
      onSuccess?.(reply);
    },
    onError,
  });
}

/** Keeping an entry's summary as a note: the member's notes are read again. */
export function useSaveNote({ onSuccess, onError }: MutationCallbacks<Note> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveNote,
    onSuccess: (note) => {
      void queryClient.invalidateQueries({ queryKey: noteKeys.all });
      onSuccess?.(note);
    },
    onError,
  });
}
