import type { FaqListQuery } from "@serene/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

type FaqParams = Partial<Pick<FaqListQuery, "page" | "per_page">>;

/** GET /api/v1/faq: questions and answers with paging facts. */
export const getFaq = (params: FaqParams = {}, signal?: AbortSignal) => api.get("faq", { query: params, signal });

export const faqKeys = {
  all: ["faq"] as const,
  list: (params: FaqParams) => [...faqKeys.all, params] as const,
};

export const faqQueryOptions = (params: FaqParams = {}) =>
  queryOptions({ queryKey: faqKeys.list(params), queryFn: ({ signal }) => getFaq(params, signal) });

export const useFaq = (params: FaqParams = {}) => useQuery(faqQueryOptions(params));
