import { PASSWORD_MAX_LENGTH, PASSWORD_MESSAGES } from "@serene/domain";
import { z } from "zod";

/**
 * Accounts and identity (spec 000 sections 3 and 7, spec 001 section 7). Field messages follow
 * Laravel's wording because the web app shows them under the inputs as they come.
 */
const required = (field: string) => `The ${field} field is required.`;

export const DeviceName = z.string().max(64).default("web");

const Email = z
  .string({ error: (issue) => (issue.input === undefined ? required("email") : "The email field must be a string.") })
  .trim()
  .min(1, required("email"))
  .max(254, "The email field must not be greater than 254 characters.")
  .pipe(z.email({ error: "The email field must be a valid email address." }));

const Name = z
  .string({ error: (issue) => (issue.input === undefined ? required("name") : "The name field must be a string.") })
  .trim()
  .min(1, required("name"))
  .max(100, "The name field must not be greater than 100 characters.");

/** A new password; the length and common-password rules run on the server (packages/domain). */
const NewPassword = z
  .string({ error: (issue) => (issue.input === undefined ? PASSWORD_MESSAGES.required : "The password field must be a string.") })
  // Bounded here only so an oversized value never reaches the hasher; the rules give the message.
  .max(PASSWORD_MAX_LENGTH * 8, PASSWORD_MESSAGES.max);

/** A password being checked, never a new one: any string up to a sane bound. */
const GivenPassword = z.string().max(4096);

export const TokenResponse = z.object({ token: z.string() }).meta({ id: "Token" });
export type TokenResponse = z.infer<typeof TokenResponse>;

export const MessageResponse = z.object({ message: z.string() }).meta({ id: "Message" });
export type MessageResponse = z.infer<typeof MessageResponse>;

// POST /user/token
export const LoginBody = z.object({
  /** The e-mail address (the spec's web app names it `login`). */
  login: z.string().max(254).optional(),
  password: GivenPassword.optional(),
  device_name: DeviceName,
});
export type LoginBody = z.input<typeof LoginBody>;

// POST /user/token/refresh
export const SessionResponse = z.object({ token: z.string(), expires_at: z.string().describe("ISO 8601, UTC") }).meta({ id: "Session" });
export type SessionResponse = z.infer<typeof SessionResponse>;

// POST /user (form data or JSON)
export const RegisterBody = z.object({
  name: z.string().max(100, "The name field must not be greater than 100 characters.").optional(),
  email: z.string().max(254, "The email field must not be greater than 254 characters.").optional(),
  password: NewPassword.optional(),
  phone: z.string().max(40).optional(),
  platform: z.string().max(16).default("web"),
  statistic_id: z.string().max(64).optional(),
  /** With `statistic_id`: the lead's own link token, from the sign-up link its inbox received (decision 050). */
  token: z.string().max(256).optional(),
});
export type RegisterBody = z.input<typeof RegisterBody>;

/** `status` 200 with a token, or 208 (already registered) with a message and no token. */
export const RegisterResponse = z
  .object({ token: z.string().nullable(), status: z.number().int(), message: z.string() })
  .meta({ id: "Registration" });
export type RegisterResponse = z.infer<typeof RegisterResponse>;

// POST /user/auth/{provider}
export const SocialProvider = z.enum(["googleWeb", "apple", "facebook"]);
export type SocialProvider = z.infer<typeof SocialProvider>;
export const SocialParams = z.object({ provider: SocialProvider });
export const SocialBody = z.object({
  /** Google and Apple: the signed id_token. Facebook: the user access token. */
  id_token: z.string().max(8192).optional(),
  access_token: z.string().max(8192).optional(),
  /** Apple sends the name only on the first sign-in, outside the token. */
  name: z.string().max(100).optional(),
  nonce: z.string().max(128).optional(),
  is_ios: z.union([z.boolean(), z.enum(["0", "1", "true", "false"])]).optional(),
  platform: z.string().max(16).default("web"),
  device_name: DeviceName,
});
export type SocialBody = z.input<typeof SocialBody>;

// POST /authorization-by-tmp-token/{email}
export const TmpTokenParams = z.object({ email: z.string().max(254) });
export const TmpTokenBody = z.object({
  email: z.string().max(254).optional(),
  tmp_token: z
    .string({ error: required("tmp token") })
    .min(1, required("tmp token"))
    .max(256),
  device_name: DeviceName,
});
export type TmpTokenBody = z.input<typeof TmpTokenBody>;

// GET and POST /user/recovery-password
export const RecoveryQuery = z.object({ email: Email, t: z.string().max(32).optional() });
export const ResetPasswordBody = z.object({
  email: Email,
  token: z
    .string({ error: required("token") })
    .min(1, required("token"))
    .max(256),
  password: NewPassword,
  device_name: DeviceName,
});
export type ResetPasswordBody = z.input<typeof ResetPasswordBody>;
export const ResetPasswordResponse = z.object({ message: z.string(), token: z.string() }).meta({ id: "PasswordReset" });
export type ResetPasswordResponse = z.infer<typeof ResetPasswordResponse>;

// POST user/request-remove, POST user/confirm-remove/{code}
export const RemovalRequestBody = z.object({ email: Email, device_name: DeviceName });
export type RemovalRequestBody = z.input<typeof RemovalRequestBody>;
export const CodeParams = z.object({ code: z.string().min(1).max(256) });
/** The body may be left out entirely (Fastify hands the validator null for it). */
export const DeviceBody = z.object({ device_name: DeviceName }).nullish();

// GET /user, PUT /user
export const User = z
  .object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    /** A new address waiting for its confirmation link to be opened. */
    pending_email: z.string().nullable(),
    goal: z.string().nullable(),
    has_password: z.boolean(),
    created_at: z.string(),
  })
  .meta({ id: "User" });
export type User = z.infer<typeof User>;

export const UpdateUserBody = z.object({ name: Name, email: Email, platform: z.string().max(16).optional() });
export type UpdateUserBody = z.input<typeof UpdateUserBody>;

// PATCH user/password
export const ChangePasswordBody = z.object({
  current_password: GivenPassword.optional(),
  password: NewPassword,
});
export type ChangePasswordBody = z.input<typeof ChangePasswordBody>;

// Lead lookup by statistic_id (spec 000 section 7, path not shown: GET /lead/statistic/{statistic_id})
export const StatisticParams = z.object({ statistic_id: z.string() });
export const LeadIdentity = z.object({ email: z.string(), name: z.string() }).meta({ id: "LeadIdentity" });
export type LeadIdentity = z.infer<typeof LeadIdentity>;

/** How the web app starts a sign-in with one provider; null when the provider is not offered. */
export const SignInProvider = z.object({
  authorizeUrl: z.string(),
  clientId: z.string(),
  /** True when the offline sandbox identity provider stands in for the real one. */
  sandbox: z.boolean(),
});
export type SignInProvider = z.infer<typeof SignInProvider>;
export const SignInProviders = z.object({
  googleWeb: SignInProvider.nullable(),
  apple: SignInProvider.nullable(),
  facebook: SignInProvider.nullable(),
});
export type SignInProviders = z.infer<typeof SignInProviders>;
