/**
 * npm run admin:invite -- <email> <role>
 *
 * Invites someone to the operator console at /admin (decision 067): the first owner of a new
 * installation, or anyone when no owner can sign in. Roles: owner, support, editor, analyst. The
 * invitation is e-mailed (SMTP_URL, else the outbox) and its link printed here; it works for 7 days.
 * The database is the product's (scripts/operator-database.ts), with its migrations applied.
 */
import { parseArgs } from "node:util";
import { STAFF_ROLES } from "@serene/domain";
import { createServices } from "../apps/api/src/app";
import { loadConfig } from "../apps/api/src/config";
import { migrate } from "@serene/db";
import { openOperatorDatabase, UsageError } from "./operator-database";

const USAGE = `Usage: npm run admin:invite -- <email> <${STAFF_ROLES.join("|")}>`;

async function main(): Promise<void> {
  const { positionals } = parseArgs({ allowPositionals: true, options: {} });
  const [email, role] = positionals;
  if (!email || !role || positionals.length !== 2) throw new UsageError("Give an e-mail address and a role.");
  const config = loadConfig(process.env);
  const database = await openOperatorDatabase();
  const services = createServices({ config, database });
  try {
    await migrate(database);
    const invited = await services.staff.invite(null, { email, role }, { ip: null, userAgent: "npm run admin:invite" });
    process.stdout.write(
      `Invited ${invited.staff.email} as ${invited.staff.role}. The invitation was e-mailed; its link (good for 7 days):\n${invited.link}\n`,
    );
  } finally {
    await services.close();
    await database.close();
  }
}

main().catch((error: unknown) => {
  const fields = (error as { errors?: Record<string, string[]> }).errors;
  if (error instanceof UsageError || (error instanceof TypeError && "code" in error && String(error.code).startsWith("ERR_PARSE_ARGS"))) {
    process.stderr.write(`${error.message}\n${USAGE}\n`);
    process.exitCode = 2;
    return;
  }
  if (fields) {
    process.stderr.write(`${Object.values(fields).flat().join(" ")}\n${USAGE}\n`);
    process.exitCode = 2;
    return;
  }
  process.stderr.write(`The invitation failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
