import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  DeletedResponse,
  WorkbookCardList,
  WorkbookEntryBody,
  WorkbookEntryList,
  WorkbookEntryParams,
  WorkbookEntryQuery,
  WorkbookEntryResponse,
  WorkbookParams,
  WorkbookQuery,
  WorkbookResponse,
} from "@serene/contracts";
import {
  limitPerMember,
  memberErrors as errors,
  memberForbiddenErrors,
  memberOnly,
  routeDocs,
  signInOf as memberOf,
} from "../../http/index.ts";
import type { RateLimiter } from "../../plugins/rate-limit.ts";
import type { WorkbooksService } from "./workbooks.service.ts";

/**
 * The longest entry the shipped workbooks allow (every text at its longest, every list full) is well under this;
 * anything bigger is not an entry. workbooks.test.ts checks the shipped workbooks still fit.
 */
export const WORKBOOK_ENTRY_BODY_LIMIT = 128 * 1024;

/**
 * Spec 001 sections 2, 3, 4 and 7: the CBT workbooks and the member's worksheets (decision 035). Members only;
 * `t` is accepted and ignored; every worksheet call is the member's own.
 */
export function workbooksRoutes(service: WorkbooksService, limiter: RateLimiter): FastifyPluginAsyncZod {
  return async (app) => {
    const docs = routeDocs("workbooks", "member");
    const reader = memberOnly(app);
    // After the bearer check, per client address and per member: 429 with Retry-After beyond RATE_LIMITS.workbookWrite.
    const writer = memberOnly(app, limitPerMember(limiter, "workbookWrite"));

    app.get(
      "/workbooks",
      {
        ...reader,
        schema: {
          ...docs("Every workbook as the member sees it: free, available now, why it waits, completed and the latest worksheet"),
          querystring: WorkbookQuery,
          response: { 200: WorkbookCardList, ...errors },
        },
      },
      (request) => service.list(memberOf(request)),
    );
    app.get(
      "/workbook/:id",
      {
        ...reader,
        schema: {
          ...docs("One workbook with its questions, groups and the member's view of it (404 for an unknown id)"),
          params: WorkbookParams,
          querystring: WorkbookQuery,
          response: { 200: WorkbookResponse, ...errors },
        },
      },
      (request) => service.read(memberOf(request), request.params.id),
    );
    app.get(
      "/user/workbook",
      {
        ...reader,
        schema: {
          ...docs("The member's worksheets (completed workbooks), newest first, 20 a page unless per_page says otherwise"),
          querystring: WorkbookEntryQuery,
          response: { 200: WorkbookEntryList, ...errors },
        },
      },
      (request) => service.entries(memberOf(request).user.id, { page: request.query.page, perPage: request.query.per_page }),
    );
    app.get(
      "/user/workbook/:id",
      {
        ...reader,
        schema: {
          ...docs("One of the member's worksheets with every answer (404 for another member's, an unknown or a malformed id)"),
          params: WorkbookEntryParams,
          querystring: WorkbookQuery,
          response: { 200: WorkbookEntryResponse, ...errors },
        },
      },
      (request) => service.entry(memberOf(request).user.id, request.params.id),
    );
    // The spec names the address with a trailing slash (the web app calls that); the document lists it without one.
    for (const url of ["/user/workbook", "/user/workbook/"]) {
      app.post(
        url,
        {
          ...writer,
          bodyLimit: WORKBOOK_ENTRY_BODY_LIMIT,
          schema: {
            ...(url.endsWith("/") ? { hide: true } : {}),
            ...docs(
              "Save a completed workbook: 403 for a subscriber-only workbook without access, 422 for a gated one whose workbook is not completed, 422 per answer",
            ),
            body: WorkbookEntryBody,
            response: { 201: WorkbookEntryResponse, ...memberForbiddenErrors },
          },
        },
        async (request, reply) => reply.code(201).send(await service.create(memberOf(request), request.body)),
      );
    }
    app.delete(
      "/user/workbook/:id",
      {
        ...writer,
        schema: {
          ...docs("Delete one of the member's worksheets (404 for another member's)"),
          params: WorkbookEntryParams,
          response: { 200: DeletedResponse, ...errors },
        },
      },
      (request) => service.remove(memberOf(request).user.id, request.params.id),
    );
  };
}
