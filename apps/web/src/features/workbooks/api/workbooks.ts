import type {
  ContentCardList,
  NoteBody,
  NoteResponse,
  WorkbookCardList,
  WorkbookEntryBody,
  WorkbookEntryList,
  WorkbookEntryResponse,
  WorkbookResponse,
} from "@serene/contracts";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { libraryKeys } from "../../../lib/catalogue-keys";

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

export const getWorkbookCards = (signal?: AbortSignal) => api.get<WorkbookCardList>("workbooks", { signal, silent: true });

export const workbookCardsQueryOptions = () =>
  queryOptions({ queryKey: workbookKeys.cards(), queryFn: ({ signal }) => getWorkbookCards(signal) });

export const useWorkbookCards = () => useQuery(workbookCardsQueryOptions());

export const getWorkbook = (id: string, signal?: AbortSignal) =>
  api.get<WorkbookResponse>(`workbook/${encodeURIComponent(id)}`, { signal, silent: true });

export const workbookQueryOptions = (id: string) =>
  queryOptions({ queryKey: workbookKeys.detail(id), queryFn: ({ signal }) => getWorkbook(id, signal), retry: false });

export const useWorkbook = (id: string) => useQuery(workbookQueryOptions(id));

export const getEntries = (page: number, signal?: AbortSignal) =>
  api.get<WorkbookEntryList>("user/workbook", { signal, silent: true, query: { page, per_page: ENTRIES_PER_PAGE } });

export const entriesQueryOptions = (page: number) =>
  queryOptions({ queryKey: workbookKeys.entryPage(page), queryFn: ({ signal }) => getEntries(page, signal) });

export const useEntries = (page: number) => useQuery({ ...entriesQueryOptions(page), placeholderData: keepPreviousData });

export const getEntry = (id: string, signal?: AbortSignal) =>
  api.get<WorkbookEntryResponse>(`user/workbook/${encodeURIComponent(id)}`, { signal, silent: true });

export const entryQueryOptions = (id: string) =>
  queryOptions({ queryKey: workbookKeys.entry(id), queryFn: ({ signal }) => getEntry(id, signal), retry: false });

export const useEntry = (id: string | null) => useQuery({ ...entryQueryOptions(id ?? ""), enabled: id !== null });

/** POST /user/workbook: 422 answers (`answers.<question id>`) are shown on their question, not as a toast. */
export const saveEntry = (body: WorkbookEntryBody) => api.post<WorkbookEntryResponse>("user/workbook", { body, silent: "validation" });

/** DELETE /user/workbook/{id}: a failure is only logged (spec 001 section 8); the page tells the member kindly. */
export const deleteEntry = (id: string) => api.delete<unknown>(`user/workbook/${encodeURIComponent(id)}`, { silent: true });

/** POST /user/notes: the result page keeps a summary of the entry as one of the member's notes. */
export const saveNote = (body: NoteBody) => api.post<NoteResponse>("user/notes", { body });

/** GET /recommendation: what to listen to next (the library's list, shared keys). */
export const getRecommendation = (signal?: AbortSignal) => api.get<ContentCardList>("recommendation", { signal, silent: true });

export const useRecommendation = () =>
  useQuery({ queryKey: libraryKeys.list("recommendation"), queryFn: ({ signal }) => getRecommendation(signal) });
