import { z } from "zod";
import { STAFF_PERMISSIONS, STAFF_ROLES } from "@serene/domain";
import { paged } from "./common.ts";

/**
 * The operator console's staff calls (decision 067), under /api/v1/admin: staff accounts, two-factor
 * sign-in, sessions and the audit log. A staff token (`staff_…`) opens only these; a member's opens none.
 */
const required = (field: string) => `The ${field} field is required.`;
const text = (field: string, max: number) =>
  z
    .string({
      error: (issue) => (issue.input === undefined || issue.input === null ? required(field) : `The ${field} field must be a string.`),
    })
    .trim()
    .min(1, required(field))
    .max(max, `The ${field} field must not be greater than ${max} characters.`);

export const StaffRole = z.enum(STAFF_ROLES, { error: "The role must be owner, support, editor or analyst." });

export const StaffSignInBody = z.object({
  email: text("email", 254),
  password: z
    .string({ error: required("password") })
    .min(1, required("password"))
    .max(128),
});
export const StaffVerifyBody = z.object({ challenge: text("challenge", 200), code: text("code", 32) });
export const StaffInviteBody = z.object({
  email: text("email", 254).pipe(z.email({ error: "The email field must be a valid email address." })),
  role: StaffRole,
});
export const StaffRoleBody = z.object({ role: StaffRole });
export const InvitationParams = z.object({ token: z.string().min(1).max(200) });
/** Any text: a malformed id is simply not found (404). */
export const StaffIdParams = z.object({ id: z.string().max(64) });
export const SessionIdParams = z.object({ id: z.string().max(64) });
export const AcceptInvitationBody = z.object({ name: text("name", 80), password: z.string({ error: required("password") }).max(128) });
export const ConfirmInvitationBody = z.object({ code: text("code", 32) });

export const StaffMember = z
  .object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    role: StaffRole,
    permissions: z.array(z.enum(STAFF_PERMISSIONS)),
    status: z.enum(["invited", "active", "disabled"]),
    created_at: z.string(),
  })
  .meta({ id: "StaffMember" });
export type StaffMember = z.infer<typeof StaffMember>;

export const StaffChallenge = z.object({ challenge: z.string(), expires_in: z.number().int() });
export const StaffSession = z.object({
  token: z.string(),
  expires_at: z.string(),
  staff: StaffMember,
  recovery_codes_left: z.number().int().optional(),
  /** Shown once, when two-factor sign-in is set up. */
  recovery_codes: z.array(z.string()).optional(),
});
export type StaffSession = z.infer<typeof StaffSession>;
export const StaffMe = z.object({ data: StaffMember });
export const StaffList = z.object({ data: z.array(StaffMember) });
export const InvitationInfo = z.object({ data: z.object({ email: z.string(), role: StaffRole }) });
/** The secret to add to an authenticator app: as text, as an otpauth:// address, and as a QR code (SVG). */
export const TotpEnrollment = z.object({ secret: z.string(), otpauth_uri: z.string(), qr_svg: z.string() });
export const StaffSessions = z.object({
  data: z.array(
    z.object({
      id: z.string(),
      current: z.boolean(),
      ip: z.string().nullable(),
      user_agent: z.string().nullable(),
      created_at: z.string(),
      last_used_at: z.string(),
      expires_at: z.string(),
    }),
  ),
});
export const AuditEntry = z
  .object({
    id: z.number().int(),
    at: z.string(),
    staff_id: z.string().nullable(),
    staff_email: z.string(),
    action: z.string(),
    target_type: z.string(),
    target_id: z.string(),
    before: z.unknown().nullable(),
    after: z.unknown().nullable(),
    ip: z.string().nullable(),
    user_agent: z.string().nullable(),
  })
  .meta({ id: "AuditEntry" });
export const AuditPage = paged(AuditEntry);

export type StaffSignInBody = z.infer<typeof StaffSignInBody>;
export type StaffVerifyBody = z.infer<typeof StaffVerifyBody>;
export type StaffInviteBody = z.infer<typeof StaffInviteBody>;
export type StaffRoleBody = z.infer<typeof StaffRoleBody>;
export type AcceptInvitationBody = z.infer<typeof AcceptInvitationBody>;
export type ConfirmInvitationBody = z.infer<typeof ConfirmInvitationBody>;
export type StaffChallenge = z.infer<typeof StaffChallenge>;
export type StaffMe = z.infer<typeof StaffMe>;
export type StaffList = z.infer<typeof StaffList>;
export type InvitationInfo = z.infer<typeof InvitationInfo>;
export type TotpEnrollment = z.infer<typeof TotpEnrollment>;
export type StaffSessions = z.infer<typeof StaffSessions>;
export type AuditEntry = z.infer<typeof AuditEntry>;
export type AuditPage = z.infer<typeof AuditPage>;
