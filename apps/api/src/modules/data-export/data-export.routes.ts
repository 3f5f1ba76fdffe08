import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { DATA_EXPORT_CSV_FILES, DataExport, DataExportQuery, type DataExportCsvFile } from "@serene/contracts";
import { limitPerMember, memberErrors as errors, memberIdOf as memberOf, memberOnly, routeDocs } from "../../http/index.ts";
import type { RateLimiter } from "../../plugins/rate-limit.ts";
import type { DataExportService } from "./data-export.service.ts";

/** A CSV file, declared as text: the first line names the columns. */
const csvResponse = (description: string) => ({
  description,
  content: {
    "text/csv": { schema: z.string().meta({ description: "CSV (RFC 4180, UTF-8 with a byte order mark), a header line first" }) },
  },
});

const CSV_SUMMARIES: Record<DataExportCsvFile, string> = {
  notes: "The member's notes as CSV: id, title, content, created_at, updated_at",
  sessions: "The member's listening sessions as CSV: id, item_id, item_name, started_at, ended_at, seconds",
  worksheets: "The member's worksheet answers as CSV, one row per answer: entry_id, workbook_id, created_at, question_id, value",
};

/** The browser saves the answer as a file of this name (decision 037); the name holds only [a-z0-9.-]. */
const attachment = (reply: FastifyReply, fileName: string) => reply.header("content-disposition", `attachment; filename="${fileName}"`);

/** "Download my data" (issue 15, decision 037): the member's own data, as files. Members only. */
export function dataExportRoutes(service: DataExportService, limiter: RateLimiter): FastifyPluginAsyncZod {
  return async (app) => {
    const docs = routeDocs("accounts", "member");
    // After the bearer check, per client address and per member: 429 with Retry-After beyond RATE_LIMITS.dataExport.
    const member = memberOnly(app, limitPerMember(limiter, "dataExport"));

    app.get(
      "/user/export",
      {
        ...member,
        schema: {
          ...docs("Everything the product holds about the member, as a JSON file (an attachment named serene-data-YYYY-MM-DD.json)"),
          querystring: DataExportQuery,
          response: { 200: DataExport, ...errors },
        },
      },
      async (request, reply) => {
        const { body, fileName } = await service.everything(memberOf(request));
        attachment(reply, fileName);
        return body;
      },
    );

    for (const file of DATA_EXPORT_CSV_FILES) {
      app.get(
        `/user/export/${file}.csv`,
        {
          ...member,
          schema: {
            ...docs(CSV_SUMMARIES[file]),
            querystring: DataExportQuery,
            response: { 200: csvResponse(`The ${file} CSV file, as an attachment`), ...errors },
          },
        },
        async (request, reply) => {
          const { body, fileName } = await service.csv(memberOf(request), file);
          return attachment(reply, fileName).type("text/csv; charset=utf-8").send(body);
        },
      );
    }
  };
}
