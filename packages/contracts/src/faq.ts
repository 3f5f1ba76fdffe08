import { z } from "zod";
import { PageQuery, paged } from "./common.ts";

export const FaqItem = z
  .object({
    id: z.string(),
    /** The question. */
    name: z.string(),
    answer: z.string(),
  })
  .meta({ id: "FaqItem" });
export type FaqItem = z.infer<typeof FaqItem>;

export const FaqListQuery = PageQuery;
export type FaqListQuery = z.infer<typeof FaqListQuery>;

export const FaqListResponse = paged(FaqItem);
export type FaqListResponse = z.infer<typeof FaqListResponse>;
