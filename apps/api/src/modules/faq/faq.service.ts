import type { FaqListQuery, FaqListResponse } from "@serene/contracts";
import { pageMeta, pageOffset } from "@serene/domain";
import { presentFaqItem } from "./faq.presenter.ts";
import type { FaqRepository } from "./faq.repository.ts";

export function createFaqService(repository: FaqRepository, brand: { product: string; email: string }) {
  return {
    async list(query: FaqListQuery): Promise<FaqListResponse> {
      const request = { page: query.page, perPage: query.per_page };
      const { rows, total } = await repository.page(pageOffset(request), request.perPage);
      return { data: rows.map((row) => presentFaqItem(row, brand)), meta: pageMeta(total, request) };
    },
  };
}
export type FaqService = ReturnType<typeof createFaqService>;
