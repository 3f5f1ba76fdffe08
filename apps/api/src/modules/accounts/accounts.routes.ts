import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  ChangePasswordBody,
  CodeParams,
  DeviceBody,
  LeadAccountBody,
  LeadAccountResponse,
  LeadIdentity,
  LeadIdParams,
  LoginBody,
  MessageResponse,
  RecoveryQuery,
  RegisterBody,
  RegisterResponse,
  RemovalRequestBody,
  ResetPasswordBody,
  ResetPasswordResponse,
  SessionResponse,
  SocialBody,
  SocialParams,
  StatisticParams,
  TmpTokenBody,
  TmpTokenParams,
  TokenResponse,
  UpdateUserBody,
  User,
} from "@serene/contracts";
import { accountErrors as errors, memberOnly, routeDocs, signInOf } from "../../http/index.ts";
import { authOf, bearerTokenOf, personal } from "../../plugins/auth.ts";
import type { MediaAccess } from "../media/media-access.service.ts";
import { mediaCookiesLeave } from "../media/media.routes.ts";
import type { AccountRecoveryService } from "./account-recovery.service.ts";
import type { AccountsService } from "./accounts.service.ts";
import type { ProfileService } from "./profile.service.ts";
import { TRUSTED_DEVICE_COOKIE } from "./trusted-devices.ts";

export interface AccountsRouteDeps {
  accounts: AccountsService;
  recovery: AccountRecoveryService;
  profile: ProfileService;
  media: Pick<MediaAccess, "expired">;
}

/** Spec 000 section 7 and spec 001 section 7: who a person is. */
export function accountsRoutes({ accounts, recovery, profile, media }: AccountsRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const docs = routeDocs("accounts");
    const member = memberOnly(app);
    // Sign-ins and log-out take the browser's media cookies away (decision 056).
    const mediaLeaves = mediaCookiesLeave(media);
    const signIn = { ...personal, onRequest: mediaLeaves };
    const logOut = { onRequest: [mediaLeaves, app.authenticate] };

    app.post(
      "/user/token",
      {
        ...signIn,
        schema: {
          ...docs("Log in with e-mail and password"),
          description:
            "Failures slow down each source (address, or browser with the trusted_device cookie) on its own: 429 with Retry-After. " +
            "A successful log-in from a browser the account does not yet trust sets that cookie.",
          body: LoginBody,
          response: { 200: TokenResponse, ...errors },
        },
      },
      async (request, reply) => {
        const { token, trustDevice } = await accounts.login(request.body, {
          ip: request.ip,
          device: request.cookies[TRUSTED_DEVICE_COOKIE],
        });
        if (trustDevice) reply.setCookie(trustDevice.name, trustDevice.value, trustDevice.options);
        return { token };
      },
    );
    app.post(
      "/user/token/refresh",
      {
        ...member,
        schema: {
          ...docs("Keep the session alive (the web app calls it every 5 minutes)", { access: "member" }),
          response: { 200: SessionResponse, ...errors },
        },
      },
      (request) => accounts.refresh(signInOf(request), authOf(request).token),
    );
    app.delete(
      "/user/token",
      {
        ...logOut,
        schema: {
          ...docs("Log out: revoke this token", { access: "member" }),
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await accounts.logout(signInOf(request));
        return reply.code(204).send(null);
      },
    );
    app.post(
      "/user",
      {
        ...signIn,
        schema: {
          ...docs("Register (form data or JSON); status 208 when the e-mail already has an account"),
          body: RegisterBody,
          response: { 200: RegisterResponse, 208: RegisterResponse, ...errors },
        },
      },
      async (request, reply) => {
        const result = await accounts.register(request.body, request.ip);
        // The spec's body carries its own status (200 created, 208 already registered); the response uses it too.
        return reply.code(result.status).send(result);
      },
    );
    app.post(
      "/user/auth/:provider",
      {
        ...signIn,
        schema: {
          ...docs("Sign in with Google (googleWeb), Apple or Facebook"),
          params: SocialParams,
          body: SocialBody,
          response: { 200: TokenResponse, ...errors },
        },
      },
      (request) => accounts.socialSignIn(request.params.provider, request.body, request.ip),
    );
    app.post(
      "/authorization-by-tmp-token/:email",
      {
        ...signIn,
        schema: {
          ...docs("Exchange a single-use temporary token for a session token"),
          params: TmpTokenParams,
          body: TmpTokenBody,
          response: { 200: TokenResponse, ...errors },
        },
      },
      (request) => accounts.loginWithTemporaryToken(request.params.email, request.body, request.ip, bearerTokenOf(request)),
    );
    app.get(
      "/user/recovery-password",
      {
        schema: {
          ...docs("E-mail a password reset link (same answer for every address)"),
          querystring: RecoveryQuery,
          response: { 200: MessageResponse, ...errors },
        },
      },
      (request) => recovery.requestPasswordReset(request.query.email, request.ip),
    );
    app.post(
      "/user/recovery-password",
      {
        ...signIn,
        schema: {
          ...docs("Set a new password with the e-mailed token"),
          body: ResetPasswordBody,
          response: { 200: ResetPasswordResponse, ...errors },
        },
      },
      (request) => recovery.resetPassword(request.body, request.ip),
    );
    app.post(
      "/user/request-remove",
      {
        schema: {
          ...docs("E-mail an account removal link (same answer for every address)"),
          body: RemovalRequestBody,
          response: { 200: MessageResponse, ...errors },
        },
      },
      (request) => recovery.requestRemoval(request.body.email, request.ip),
    );
    app.post(
      "/user/confirm-remove/:code",
      {
        schema: {
          ...docs("Confirm account removal: sign out everywhere, delete after 5 days"),
          params: CodeParams,
          body: DeviceBody,
          response: { 200: MessageResponse, ...errors },
        },
      },
      (request) => recovery.confirmRemoval(request.params.code, request.ip),
    );
    app.get(
      "/user",
      {
        ...member,
        schema: { ...docs("The signed-in member", { access: "member" }), response: { 200: User, ...errors } },
      },
      (request) => profile.get(signInOf(request)),
    );
    app.put(
      "/user",
      {
        ...member,
        schema: {
          ...docs("Update name and e-mail (a new e-mail waits for its confirmation link)", { access: "member" }),
          body: UpdateUserBody,
          response: { 200: User, ...errors },
        },
      },
      (request) => profile.update(signInOf(request), request.body),
    );
    app.post(
      "/user/confirm-email/:code",
      {
        schema: {
          ...docs("Confirm a new e-mail address"),
          params: CodeParams,
          response: { 200: MessageResponse, ...errors },
        },
      },
      (request) => profile.confirmEmail(request.params.code, request.ip),
    );
    app.patch(
      "/user/password",
      {
        ...member,
        schema: {
          ...docs("Change the password; other devices are signed out", { access: "member" }),
          body: ChangePasswordBody,
          response: { 200: MessageResponse, ...errors },
        },
      },
      (request) => profile.changePassword(signInOf(request), request.body, request.ip),
    );
    app.post(
      "/lead/:id/account",
      {
        ...signIn,
        schema: {
          ...docs("Open an account for an unclaimed lead buying on its offer page"),
          description:
            "Only with the lead's own link token (`token`, carried by the offer link e-mailed to the lead; 422 without it): a lead id alone opens nothing. " +
            "The account gets the lead's name and e-mail and a random temporary password, which is e-mailed to that address (never answered). " +
            "The lead's answers, goal and offer clocks become the member's. Answers a session token. " +
            "409 when the e-mail already has an account (log in instead); 404 for an unknown or claimed lead.",
          params: LeadIdParams,
          body: LeadAccountBody,
          response: { 201: LeadAccountResponse, ...errors },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await accounts.leadAccount(request.params.id, request.body?.token ?? undefined, request.ip)),
    );
    app.get(
      "/lead/statistic/:statistic_id",
      {
        ...personal,
        schema: {
          ...docs("A pre-registered lead's name and e-mail, by statistic id"),
          params: StatisticParams,
          response: { 200: LeadIdentity, ...errors },
        },
      },
      (request) => accounts.leadIdentity(request.params.statistic_id, request.ip),
    );
  };
}
