import type { CreateEditorItemBody, EditorItemSaved, PublishBody, UpdateEditorItemBody, WithdrawBody } from "@serene/contracts";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, ApiError } from "../../../lib/api-client";
import { staffKeys } from "./staff-session";
import { asStaff, getStaffToken } from "./staff-token";

/** The editor's room (decision 070): the catalogue's items, one item, and the changes an editor makes. */
export const contentKeys = {
  all: [...staffKeys.all, "content"] as const,
  list: (q: string, state: string, page: number) => [...contentKeys.all, "list", q, state, page] as const,
  item: (id: number) => [...contentKeys.all, "item", id] as const,
};

export const CONTENT_PER_PAGE = 25;

/** GET /admin/content: a name or slug like `q`, in a state; the last page stays while the next arrives. */
export const useContentList = (q: string, state: string, page: number) =>
  useQuery({
    queryKey: contentKeys.list(q, state, page),
    queryFn: ({ signal }) =>
      api.get("admin/content", {
        query: { ...(q ? { q } : {}), ...(state ? { state } : {}), page, per_page: CONTENT_PER_PAGE },
        signal,
        ...asStaff(),
      }),
    placeholderData: keepPreviousData,
  });

/** GET /admin/content/{id}; while an upload is being packaged it is read again every two seconds. */
export const useContentItem = (id: number) =>
  useQuery({
    queryKey: contentKeys.item(id),
    queryFn: ({ signal }) => api.get("admin/content/{id}", { params: { id: String(id) }, signal, ...asStaff() }),
    enabled: id > 0,
    retry: false,
    refetchInterval: (query) =>
      query.state.data?.uploads.some((upload) => upload.status === "waiting" || upload.status === "packaging") ? 2000 : false,
  });

/** After any change: the item's page and the lists load again, and so does the audit log. */
function useSaved() {
  const queryClient = useQueryClient();
  return (response: EditorItemSaved) => {
    queryClient.setQueryData(contentKeys.item(response.data.id), response.data);
    void queryClient.invalidateQueries({ queryKey: [...contentKeys.all, "list"] });
    void queryClient.invalidateQueries({ queryKey: [...staffKeys.all, "audit"] });
    return response;
  };
}

export function useCreateItem() {
  const saved = useSaved();
  return useMutation({
    mutationFn: (body: CreateEditorItemBody) => api.post("admin/content", { body, ...asStaff() }),
    onSuccess: saved,
  });
}

export function useUpdateItem(id: number) {
  const saved = useSaved();
  return useMutation({
    mutationFn: (body: UpdateEditorItemBody) => api.put("admin/content/{id}", { params: { id: String(id) }, body, ...asStaff() }),
    onSuccess: saved,
  });
}

export function usePublishItem(id: number) {
  const saved = useSaved();
  return useMutation({
    mutationFn: (body: PublishBody) => api.post("admin/content/{id}/publish", { params: { id: String(id) }, body, ...asStaff() }),
    onSuccess: saved,
  });
}

export function useWithdrawItem(id: number) {
  const saved = useSaved();
  return useMutation({
    mutationFn: (body: WithdrawBody) => api.post("admin/content/{id}/withdraw", { params: { id: String(id) }, body, ...asStaff() }),
    onSuccess: saved,
  });
}

/** A file the editor chose, sent as the request body itself, whose answer (the item as it is now) is shown at once. */
export function useSendFile(id: number) {
  const saved = useSaved();
  return {
    /** A recording for one stream: packaged after it arrives. */
    recording: async (variant: string, file: File, onProgress: (fraction: number) => void) =>
      saved(await sendFile(`admin/content/${id}/media/${variant}`, file, file.type || "application/octet-stream", onProgress)),
    /** WebVTT captions for one stream. */
    captions: async (variant: string, file: File) => saved(await sendFile(`admin/content/${id}/captions/${variant}`, file, "text/vtt")),
    /** A cover image (PNG, JPEG or WebP). */
    cover: async (file: File) => saved(await sendFile(`admin/content/${id}/cover`, file, file.type || "application/octet-stream")),
  };
}

/**
 * PUT of a file as the body itself, through XMLHttpRequest, the one browser call that reports how much of
 * an upload has gone (fetch does not). `onProgress` gets 0 to 1.
 */
function sendFile(path: string, file: File, contentType: string, onProgress?: (fraction: number) => void): Promise<EditorItemSaved> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("PUT", `/api/v1/${path}`);
    request.setRequestHeader("authorization", `Bearer ${getStaffToken() ?? ""}`);
    request.setRequestHeader("accept", "application/json");
    request.setRequestHeader("content-type", contentType);
    request.setRequestHeader("x-file-name", encodeURIComponent(file.name));
    if (onProgress) request.upload.onprogress = (event) => event.lengthComputable && onProgress(event.loaded / event.total);
    request.onload = () => {
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(request.responseText) as Record<string, unknown>;
      } catch {
        // An answer that is not JSON (a proxy's page) is reported by its status alone.
      }
      if (request.status >= 200 && request.status < 300) resolve(body as unknown as EditorItemSaved);
      else reject(new ApiError(request.status, body as ApiError["data"]));
    };
    request.onerror = () => reject(new ApiError(0, { message: "The upload stopped: the connection was lost. Try again." }));
    request.send(file);
  });
}

/** GET /admin/shelves: every section of every screen and every collection, with their items in order. */
export const useShelves = () =>
  useQuery({
    queryKey: [...contentKeys.all, "shelves"] as const,
    queryFn: ({ signal }) => api.get("admin/shelves", { signal, ...asStaff() }),
  });

/** PUT /admin/shelves/{kind}/{id}: the shelf's items as they are now arranged; the shelves load again. */
export function useSetShelf() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, id, items }: { kind: "sections" | "collections"; id: number; items: number[] }) =>
      api.put("admin/shelves/{kind}/{id}", { params: { kind, id: String(id) }, body: { items }, ...asStaff() }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: [...contentKeys.all, "shelves"] });
      void queryClient.invalidateQueries({ queryKey: [...staffKeys.all, "audit"] });
    },
  });
}

/** GET /admin/data-files: read again each time the view opens (files change on disk, not through the API). */
export const useDataFiles = () =>
  useQuery({
    queryKey: [...contentKeys.all, "data-files"] as const,
    queryFn: ({ signal }) => api.get("admin/data-files", { signal, ...asStaff() }),
    staleTime: 0,
  });
