import { z } from "zod";
import { PACKAGE_UPLOAD_JOB, type EditorService } from "../modules/content/editor.service.ts";
import { defineJob } from "./job.ts";

/** An editor's upload packaged as HLS (decision 070); a long recording takes minutes, so a worker that died is replaced after half an hour. */
export const packageUploadJob = (editor: EditorService) =>
  defineJob({
    name: PACKAGE_UPLOAD_JOB,
    policy: { expireInSeconds: 1800, batchSize: 1 },
    payload: z.object({ uploadId: z.uuid() }),
    run: ({ uploadId }) => editor.packageUpload(uploadId),
  });

/** Every hour, uploads a stopped worker left behind are packaged again (or marked lost). */
export const retryStalledUploadsJob = (editor: EditorService) =>
  defineJob({ name: `${PACKAGE_UPLOAD_JOB}-sweep`, cron: "23 * * * *", payload: z.object({}), run: () => editor.retryStalled() });
