import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  ComplimentaryBody,
  ComplimentaryResponse,
  MemberDetail,
  MemberParams,
  MemberSearchQuery,
  MemberSearchResults,
  ResendParams,
  ResendResponse,
} from "@serene/contracts";
import { routeDocs, staffErrors as errors, staffFrom, staffOf, staffOnly } from "../../http/index.ts";
import type { StaffService } from "../staff/staff.service.ts";
import type { SupportService } from "./support.service.ts";

/** The support room's reads (decision 067): staff with `members.read`. */
export function supportRoutes(support: SupportService, staff: StaffService): FastifyPluginAsyncZod {
  return async (app) => {
    const docs = routeDocs("admin", "staff");
    const reader = staffOnly(staff, "members.read");
    app.get(
      "/admin/members",
      {
        ...reader,
        schema: {
          ...docs("Find members by id, e-mail address, or part of a name or an address (20 at most)"),
          querystring: MemberSearchQuery,
          response: { 200: MemberSearchResults, ...errors },
        },
      },
      (request) => support.search(request.query.q),
    );
    app.get(
      "/admin/members/:id",
      {
        ...reader,
        schema: {
          ...docs("A member's account, subscriptions, purchases, payments, offers, leads, practice, badges and e-mails"),
          params: MemberParams,
          response: { 200: MemberDetail, ...errors },
        },
      },
      (request) => support.member(request.params.id),
    );
    app.post(
      "/admin/members/:id/complimentary",
      {
        ...staffOnly(staff, "money.write"),
        schema: {
          ...docs(
            "Give a member premium for a number of days at no charge (an entitlement of its own that ends by itself); the member is told",
          ),
          params: MemberParams,
          body: ComplimentaryBody,
          response: { 200: ComplimentaryResponse, ...errors },
        },
      },
      (request) => support.grantComplimentary(staffOf(request), request.params.id, request.body, staffFrom(request)),
    );
    app.post(
      "/admin/members/:id/emails/:emailId/resend",
      {
        ...staffOnly(staff, "members.write"),
        schema: {
          ...docs("Send one of a member's e-mails again, as it was, to the address it went to"),
          params: ResendParams,
          response: { 200: ResendResponse, ...errors },
        },
      },
      (request) => support.resendEmail(staffOf(request), request.params.id, request.params.emailId, staffFrom(request)),
    );
  };
}
