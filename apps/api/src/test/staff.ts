import { generate } from "otplib";
import type { FastifyInstance } from "fastify";
import type { StaffRole } from "@serene/domain";
import type { Services } from "../app.ts";
import { randomIp } from "./accounts.ts";

export interface StaffAccount {
  id: string;
  email: string;
  password: string;
  /** The TOTP secret the authenticator app holds. */
  secret: string;
  token: string;
  recoveryCodes: string[];
}

let made = 0;

/** A code the authenticator app shows now, for a step `offset` away (a step is 30 s). */
export const totpCode = (secret: string, offset = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + offset * 30 });

/**
 * A member of staff with `role`, made as in production: invited (from the command line, the service's
 * own call), then the invitation accepted and confirmed through the API; signed in.
 */
export async function createStaff(app: FastifyInstance, services: Pick<Services, "staff">, role: StaffRole): Promise<StaffAccount> {
  const email = `staff-${role}-${++made}-${process.pid}@serene.example`;
  const password = `a calm staff password ${made}`;
  const { token: invitation } = await services.staff.invite(null, { email, role }, { ip: null, userAgent: null });
  const accepted = await app.inject({
    method: "POST",
    url: `/api/v1/admin/invitations/${invitation}/accept`,
    payload: { name: `Staff ${role}`, password },
    remoteAddress: randomIp(),
  });
  if (accepted.statusCode !== 200) throw new Error(`accept: ${accepted.statusCode} ${accepted.body}`);
  const { secret } = accepted.json() as { secret: string };
  const confirmed = await app.inject({
    method: "POST",
    url: `/api/v1/admin/invitations/${invitation}/confirm`,
    payload: { code: await totpCode(secret) },
    remoteAddress: randomIp(),
  });
  if (confirmed.statusCode !== 200) throw new Error(`confirm: ${confirmed.statusCode} ${confirmed.body}`);
  const session = confirmed.json() as { token: string; recovery_codes: string[]; staff: { id: string } };
  return { id: session.staff.id, email, password, secret, token: session.token, recoveryCodes: session.recovery_codes };
}
