import { DAY_MS, goalOfAnswers, normalizeEmail } from "@serene/domain";
import type {
  LeadAccountResponse,
  LoginBody,
  RegisterBody,
  RegisterResponse,
  SocialBody,
  SocialProvider,
  TmpTokenBody,
} from "@serene/contracts";
import { FieldErrors, conflict, forbidden, invalid, invalidField, notFound } from "../../domain-errors.ts";
import { isUuid } from "../../http/ids.ts";
import type { RateLimiter } from "../../plugins/rate-limit.ts";
import type { IdentityVerifier } from "../identity/identity-verifier.ts";
import type { Mailer } from "../mail/mailer.ts";
import { emails, type Brand } from "../mail/templates.ts";
import type { AccountsRepository, UserRow } from "./accounts.repository.ts";
import { hashPassword, needsRehash, newPasswordProblems, verifyPassword } from "./passwords.ts";
import { hashSecret, newSecret, temporaryPassword } from "./secrets.ts";
import type { AccessTokens, SignIn } from "./access-tokens.ts";
import { createTrustedDevices, type TrustedDeviceCookie } from "./trusted-devices.ts";
import { presentedSessionOf, proveOwnership } from "./ownership.ts";

export interface AccountsContext {
  repo: AccountsRepository;
  accessTokens: AccessTokens;
  mailer: Mailer;
  limiter: RateLimiter;
  identity: IdentityVerifier;
  brand: Brand;
  appUrl: string;
  tmpTokenMs: number;
  now?: () => Date;
}

/** The queue keeps its first name, so schedules made before the rename still run. */
export const PRUNE_ACCESS_TOKENS_JOB = "maintenance.prune-sessions";
const CREDENTIALS_MESSAGE = "These credentials do not match our records.";
const ALREADY_REGISTERED_MESSAGE = "An account with this e-mail address already exists. Please log in.";
/** The spec's answer for an e-mail that already has an account: the body names its status (208). */
const ALREADY_REGISTERED: RegisterResponse = { token: null, status: 208, message: ALREADY_REGISTERED_MESSAGE };
const TMP_TOKEN_MESSAGE = "This sign-in link is invalid or has expired.";
/** The sandbox vouches for any e-mail typed into it, so it never opens an account it did not create. */
const SANDBOX_NOT_OWNER_MESSAGE =
  "An account with this e-mail address already exists. The sandbox sign-in opens only accounts it created: please log in with your password or the way you signed up.";
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const LEAD_NOT_FOUND = "Lead not found.";
/** A lead's sign-up or offer link without the lead's own link token (decision 050). */
export const LEAD_LINK_MESSAGE = "This link is incomplete or no longer works. Please open the link from your e-mail again.";
export const LEAD_HAS_ACCOUNT_MESSAGE = "An account with this e-mail already exists. Log in to continue.";

/** Who is signing in: the client address, and the trusted-device cookie the browser sent, if any. */
export interface SignInClient {
  ip: string;
  device?: string | undefined;
}

/** Whether `token` is the lead's own link token (only the lead's inbox received it). */
function leadLinkMatches(lead: { linkTokenHash: string | null }, token: string | undefined): boolean {
  return Boolean(token && lead.linkTokenHash && hashSecret(token) === lead.linkTokenHash);
}

export function checkEmail(errors: FieldErrors, raw: string | undefined): string {
  const email = normalizeEmail(raw ?? "");
  if (!email) errors.add("email", "The email field is required.");
  else if (email.length > 254) errors.add("email", "The email field must not be greater than 254 characters.");
  else if (!EMAIL_PATTERN.test(email)) errors.add("email", "The email field must be a valid email address.");
  return email;
}

/** Sign-up, log-in (password, social, temporary link) and the access-token calls. */
export function createAccountsService(ctx: AccountsContext) {
  const now = ctx.now ?? (() => new Date());
  const trustedDevices = createTrustedDevices(ctx.repo, { appUrl: ctx.appUrl, now });

  /** A single-use link that signs the person in (welcome e-mail, e-mails after a purchase). */
  async function issueTemporaryLogin(user: UserRow, redirect = "/home"): Promise<string> {
    const token = newSecret();
    await ctx.repo.insertCode({
      userId: user.id,
      purpose: "tmp_login",
      codeHash: hashSecret(token),
      expiresAt: new Date(now().getTime() + ctx.tmpTokenMs),
    });
    const query = new URLSearchParams({ email: user.email, token, redirect });
    return `${ctx.appUrl}/authorization?${query}`;
  }

  async function sendWelcome(user: UserRow) {
    const link = await issueTemporaryLogin(user);
    const minutes = Math.round(ctx.tmpTokenMs / 60_000);
    await ctx.mailer.send({ to: user.email, userId: user.id, ...emails.welcome(ctx.brand, user.name, link, minutes), urgent: true });
  }

  /**
   * The link of a lead's "your result is ready" e-mail (docs/decisions/025-lead-funnel.md): opening it
   * proves the address, so only now is an account touched. The address's account is signed in to, or a
   * passwordless one with a verified e-mail is opened (the lead e-mail was its welcome); the lead and its
   * answers become the member's, and their goal answer their goal. All in one transaction: an account
   * being deleted refuses the link and leaves the token as it was.
   */
  async function claimLead(tokenHash: string, email: string, deviceName: string | undefined, bearer: string | null): Promise<string> {
    const existingUser = await ctx.repo.findUserByEmail(email);
    const keepTokenId = existingUser ? await presentedSessionOf(ctx.accessTokens, bearer, existingUser.id) : null;
    const result = await ctx.repo.transaction(async (tx) => {
      const at = now();
      const lead = await tx.useLeadToken(tokenHash, email, at);
      if (!lead) return null;
      const existing = await tx.findUserByEmail(email);
      if (existing?.deletionDueAt) throw invalidField("tmp_token", TMP_TOKEN_MESSAGE);
      const name = (lead.name.trim() || email.split("@")[0]!).slice(0, 100);
      const opened =
        existing ?? (await tx.insertUser({ name, email, passwordHash: null, emailVerifiedAt: at })) ?? (await tx.findUserByEmail(email));
      if (!opened) return null;
      // The link reached the address's inbox: the owner has arrived (decision 050).
      const user = await proveOwnership(
        tx,
        opened,
        { kind: "email_link", keepTokenId: opened.id === existingUser?.id ? keepTokenId : null },
        at,
      );
      const goal = goalOfAnswers((await tx.claimLead(lead.id, user.id)).find((answers) => goalOfAnswers(answers)));
      if (goal) await tx.updateUser(user.id, { goal });
      return ctx.accessTokens.issue(user.id, deviceName, tx);
    });
    if (!result) throw invalidField("tmp_token", TMP_TOKEN_MESSAGE);
    return result;
  }

  return {
    issueTemporaryLogin,

    /**
     * POST /user. With a lead's `statistic_id` the account takes the lead's name and e-mail, and only
     * with the lead's own link token (from the lead's inbox): that proves the address, so the account
     * opens proven. Without one, anyone may register any address with their own password; such an
     * account stays unproven until the address's owner arrives (decision 050).
     */
    async register(body: RegisterBody, ip: string): Promise<RegisterResponse> {
      const errors = new FieldErrors();
      let name = (body.name ?? "").trim();
      let email: string;
      let lead: Awaited<ReturnType<AccountsRepository["findLeadByStatisticId"]>> = null;
      if (body.statistic_id) {
        lead = await ctx.repo.findLeadByStatisticId(body.statistic_id);
        if (!lead) throw invalidField("statistic_id", "The selected statistic id is invalid.");
        await ctx.limiter.consume("register", ip, normalizeEmail(lead.email));
        if (!lead.userId && !leadLinkMatches(lead, body.token)) throw invalidField("token", LEAD_LINK_MESSAGE);
        name = lead.name;
        email = normalizeEmail(lead.email);
      } else {
        if (!name) errors.add("name", "The name field is required.");
        else if (name.length > 100) errors.add("name", "The name field must not be greater than 100 characters.");
        email = checkEmail(errors, body.email);
      }
      if (!lead) await ctx.limiter.consume("register", ip, email || null);
      errors.addAll("password", newPasswordProblems(body.password ?? "", email));
      errors.throwIfAny();

      // A lead registers once: its link never opens a second account, even after an e-mail change.
      if (lead?.userId || (await ctx.repo.findUserByEmail(email))) {
        return ALREADY_REGISTERED;
      }
      const passwordHash = await hashPassword(body.password!);
      const created = await ctx.repo.transaction(async (tx) => {
        const user = await tx.insertUser({ name, email, passwordHash, emailVerifiedAt: lead ? now() : null });
        if (!user) return null;
        // The lead's answers become the member's, and its goal answer their goal (decision 025).
        if (lead) {
          const goal = goalOfAnswers((await tx.claimLead(lead.id, user.id)).find((answers) => goalOfAnswers(answers)));
          if (goal) await tx.updateUser(user.id, { goal });
        }
        return { user, token: await ctx.accessTokens.issue(user.id, "web", tx) };
      });
      if (!created) return ALREADY_REGISTERED;
      await sendWelcome(created.user);
      return { token: created.token, status: 200, message: "Your account has been created." };
    },

    /**
     * The same answer, after the same work, for an unknown e-mail and a wrong password. Guessing
     * is slowed down per account and source (the browser when it holds the account's
     * trusted-device cookie, else the address) without holding the owner back; a successful
     * sign-in from an untrusted browser answers the cookie that trusts it from now on.
     */
    async login(body: LoginBody, client: SignInClient): Promise<{ token: string; trustDevice: TrustedDeviceCookie | null }> {
      const errors = new FieldErrors();
      const email = normalizeEmail(body.login ?? "");
      if (!email) errors.add("email", "The email field is required.");
      if (!body.password) errors.add("password", "The password field is required.");
      errors.throwIfAny();
      // Every attempt counts against the client address, whatever the account.
      await ctx.limiter.consume("login", client.ip, null);

      const user = await ctx.repo.findUserByEmail(email);
      const device = await trustedDevices.recognise(user, client.device);
      const source = device ? { device } : { ip: client.ip };
      await ctx.limiter.signIn.attempt(email, source);
      const matches = await verifyPassword(user?.passwordHash, body.password!);
      if (!user || !matches || user.deletionDueAt) {
        await ctx.limiter.signIn.failed(email, source);
        throw invalid({ email: [CREDENTIALS_MESSAGE] }, CREDENTIALS_MESSAGE);
      }
      await ctx.limiter.signIn.succeeded(email, source);
      if (needsRehash(user.passwordHash!)) await ctx.repo.updateUser(user.id, { passwordHash: await hashPassword(body.password!) });
      const token = await ctx.accessTokens.issue(user.id, body.device_name);
      return { token, trustDevice: device ? null : await trustedDevices.trust(user.id) };
    },

    /**
     * Signs in with a verified Google, Apple or Facebook identity: the linked account, else the
     * account with the same verified e-mail (which gets linked), else a new account. An identity
     * from the offline sandbox signs in only to the account it created: it never links to an
     * existing account, and an older link to one is not honoured (403).
     */
    async socialSignIn(provider: SocialProvider, body: SocialBody, ip: string): Promise<{ token: string }> {
      await ctx.limiter.consume("social", ip, null);
      const identity = await ctx.identity.verify(provider, { idToken: body.id_token, accessToken: body.access_token, nonce: body.nonce });
      await ctx.limiter.consume("social", ip, `${identity.provider}:${identity.subject}`);

      const linked = await ctx.repo.findIdentity(identity.provider, identity.subject);
      let user = !linked
        ? null
        : identity.sandbox
          ? await ctx.repo.findAccountOpenedBy(identity.provider, identity.subject)
          : await ctx.repo.findUserById(linked.userId);
      if (linked && !user && identity.sandbox) throw forbidden(SANDBOX_NOT_OWNER_MESSAGE);
      if (!user) {
        if (!identity.email || !identity.emailVerified) {
          throw invalidField(
            provider === "facebook" ? "access_token" : "id_token",
            "Your account did not share a confirmed e-mail address. Please allow e-mail access or sign up with e-mail.",
          );
        }
        const email = normalizeEmail(identity.email);
        const name = (body.name?.trim() || identity.name?.trim() || email.split("@")[0]!).slice(0, 100);
        const result = await ctx.repo.transaction(async (tx) => {
          const existing = await tx.findUserByEmail(email);
          if (existing && identity.sandbox) return "not-owner" as const;
          // The sandbox vouches for any address, so what it opens stays unproven until the owner arrives.
          let owner =
            existing ?? (await tx.insertUser({ name, email, passwordHash: null, emailVerifiedAt: identity.sandbox ? null : now() }));
          if (!owner) return null;
          // A provider that verified the address proves it: whoever opened the account before the owner loses it (decision 050).
          if (existing) owner = await proveOwnership(tx, existing, { kind: "verified_provider" }, now());
          await tx.insertIdentity({
            userId: owner.id,
            provider: identity.provider,
            subject: identity.subject,
            email,
            openedAccount: !existing,
          });
          return { owner, created: !existing };
        });
        if (result === "not-owner") throw forbidden(SANDBOX_NOT_OWNER_MESSAGE);
        if (!result) throw conflict("Please try signing in again.");
        user = result.owner;
        if (result.created) await sendWelcome(user);
      }
      if (user.deletionDueAt) throw forbidden("This account is being deleted.");
      return { token: await ctx.accessTokens.issue(user.id, body.device_name) };
    },

    /**
     * Exchanges a single-use temporary token (from an e-mailed link) for an access token. The link
     * reached the address's inbox, so it proves the address (decision 050); `bearer` is the session
     * the browser already holds, kept when it is one of the same account's.
     */
    async loginWithTemporaryToken(
      emailParam: string,
      body: TmpTokenBody,
      ip: string,
      bearer: string | null = null,
    ): Promise<{ token: string }> {
      const email = normalizeEmail(emailParam);
      await ctx.limiter.consume("code", ip, email);
      if (body.email && normalizeEmail(body.email) !== email) throw invalidField("tmp_token", TMP_TOKEN_MESSAGE);
      // Used up only by a request that names the link's own address.
      const tokenHash = hashSecret(body.tmp_token);
      const code = await ctx.repo.useCode(tokenHash, "tmp_login", now(), email);
      if (!code) return { token: await claimLead(tokenHash, email, body.device_name, bearer) };
      const user = await ctx.repo.findUserById(code.userId);
      if (!user || user.email !== email || user.deletionDueAt) throw invalidField("tmp_token", TMP_TOKEN_MESSAGE);
      const keepTokenId = await presentedSessionOf(ctx.accessTokens, bearer, user.id);
      const token = await ctx.repo.transaction(async (tx) => {
        await proveOwnership(tx, user, { kind: "email_link", keepTokenId }, now());
        return ctx.accessTokens.issue(user.id, body.device_name, tx);
      });
      return { token };
    },

    async refresh(signIn: SignIn, token: string) {
      const expiresAt = await ctx.accessTokens.refresh(signIn);
      return { token, expires_at: expiresAt.toISOString() };
    },

    logout: (signIn: SignIn) => ctx.accessTokens.revoke(signIn),

    /** Nightly: expired access tokens, and one-time codes used or expired a day ago, are deleted. */
    async pruneExpired() {
      const at = now();
      const tokens = await ctx.repo.deleteExpiredTokens(at);
      const codes = await ctx.repo.deleteSpentCodes(new Date(at.getTime() - DAY_MS));
      return { tokens, codes };
    },

    /**
     * POST /lead/{id}/account: a lead buying on its offer page (/lead-checkout) gets an account for the
     * lead's e-mail, with a random temporary password e-mailed to that address (never answered here).
     * Only with the lead's own link token, which only the lead's inbox received (the offer link carries
     * it): a lead id alone opens nothing (decision 050). The token proves the address, so the account
     * opens proven. The lead is claimed as its e-mailed link claims it (answers, goal, offer clocks).
     * Answers a session token like a log-in.
     */
    async leadAccount(leadId: string, token: string | undefined, ip: string): Promise<LeadAccountResponse> {
      await ctx.limiter.consume("leadAccount", ip, leadId);
      const lead = isUuid(leadId) ? await ctx.repo.findLeadById(leadId) : null;
      if (!lead || lead.userId) throw notFound(LEAD_NOT_FOUND);
      if (!leadLinkMatches(lead, token)) throw invalidField("token", LEAD_LINK_MESSAGE);
      const email = normalizeEmail(lead.email);
      if (await ctx.repo.findUserByEmail(email)) throw conflict(LEAD_HAS_ACCOUNT_MESSAGE);
      const name = (lead.name.trim() || email.split("@")[0]!).slice(0, 100);
      const password = temporaryPassword();
      const passwordHash = await hashPassword(password);
      const created = await ctx.repo.transaction(async (tx) => {
        const user = await tx.insertUser({ name, email, passwordHash, emailVerifiedAt: now() });
        if (!user) throw conflict(LEAD_HAS_ACCOUNT_MESSAGE);
        // Of two requests for one lead only one takes it; the other's account is rolled back.
        if (!(await tx.takeOpenLead(lead.id, user.id))) throw notFound(LEAD_NOT_FOUND);
        const goal = goalOfAnswers((await tx.claimLead(lead.id, user.id)).find((answers) => goalOfAnswers(answers)));
        if (goal) await tx.updateUser(user.id, { goal });
        return { user, token: await ctx.accessTokens.issue(user.id, "web", tx) };
      });
      await ctx.mailer.send({
        to: created.user.email,
        userId: created.user.id,
        ...emails.leadAccount(ctx.brand, created.user.name, created.user.email, password, `${ctx.appUrl}/login`),
      });
      return { token: created.token, email: created.user.email, name: created.user.name };
    },

    async leadIdentity(statisticId: string, ip: string) {
      await ctx.limiter.consume("lead", ip, statisticId);
      const lead = await ctx.repo.findLeadByStatisticId(statisticId);
      if (!lead || lead.userId) throw notFound("Not found.");
      return { email: lead.email, name: lead.name };
    },
  };
}
export type AccountsService = ReturnType<typeof createAccountsService>;
