export interface PageRequest {
  page: number;
  perPage: number;
}

export interface PageMeta {
  current_page: number;
  per_page: number;
  total: number;
  last_page: number;
}

export const DEFAULT_PAGE = 1;
export const DEFAULT_PER_PAGE = 20;
export const MAX_PER_PAGE = 100;

/** Row offset of the first item on a page (pages count from 1). */
export function pageOffset({ page, perPage }: PageRequest): number {
  return (page - 1) * perPage;
}

/** Laravel-style paging facts for a list of `total` rows. An empty list still has one page. */
export function pageMeta(total: number, { page, perPage }: PageRequest): PageMeta {
  return {
    current_page: page,
    per_page: perPage,
    total,
    last_page: Math.max(1, Math.ceil(total / perPage)),
  };
}
