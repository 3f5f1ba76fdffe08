import { DAY_MS, mayChangeEmail, normalizeEmail, PROVE_ADDRESS_FIRST_MESSAGE } from "@serene/domain";
import type { ChangePasswordBody, UpdateUserBody, User } from "@serene/contracts";
import { FieldErrors, invalidField, notFound } from "../../domain-errors.ts";
import { emails } from "../mail/templates.ts";
import type { UserRow } from "./accounts.repository.ts";
import { checkEmail, type AccountsContext } from "./accounts.service.ts";
import { hashPassword, newPasswordProblems, verifyPassword } from "./passwords.ts";
import { hashSecret, newSecret } from "./secrets.ts";
import type { SignIn } from "./access-tokens.ts";
import { presentUser } from "./user.presenter.ts";

const EMAIL_CHANGE_MS = DAY_MS;
const EMAIL_TAKEN = "The email has already been taken.";

/** The signed-in member's own account: profile, e-mail change, password change. */
export function createProfileService(ctx: AccountsContext) {
  const now = ctx.now ?? (() => new Date());
  const present = async (user: UserRow) => presentUser(user, await ctx.repo.pendingEmail(user.id, now()));

  return {
    get: (signIn: SignIn) => present(signIn.user),

    /** The name changes at once; a new e-mail address only once it confirms the link sent to it. */
    async update(signIn: SignIn, body: UpdateUserBody): Promise<User> {
      const errors = new FieldErrors();
      const email = checkEmail(errors, body.email);
      errors.throwIfAny();
      let user = signIn.user;
      // Checked before anything is written, so a refused request changes nothing.
      const emailChanges = email !== user.email;
      // Until its own address is proven, an account cannot move to another one (decision 050).
      if (emailChanges && !mayChangeEmail({ proven: user.emailVerifiedAt !== null }))
        throw invalidField("email", PROVE_ADDRESS_FIRST_MESSAGE);
      if (emailChanges && (await ctx.repo.emailTakenByOther(email, user.id))) throw invalidField("email", EMAIL_TAKEN);
      if (body.name !== user.name) user = (await ctx.repo.updateUser(user.id, { name: body.name })) ?? user;
      if (emailChanges) {
        const code = newSecret();
        await ctx.repo.expireCodes(user.id, "email_change", now());
        await ctx.repo.insertCode({
          userId: user.id,
          purpose: "email_change",
          codeHash: hashSecret(code),
          newEmail: email,
          expiresAt: new Date(now().getTime() + EMAIL_CHANGE_MS),
        });
        const url = `${ctx.appUrl}/confirm-email/${code}`;
        await ctx.mailer.send({ to: email, userId: user.id, ...emails.confirmEmailChange(ctx.brand, user.name, url, email), urgent: true });
        await ctx.mailer.send({ to: user.email, userId: user.id, ...emails.emailChangeRequested(ctx.brand, user.name, email) });
      }
      return present(user);
    },

    async confirmEmail(code: string, ip: string) {
      await ctx.limiter.consume("code", ip, code);
      const used = await ctx.repo.useCode(hashSecret(code), "email_change", now());
      if (!used?.newEmail) throw notFound("This confirmation link is invalid or has expired.");
      const owner = await ctx.repo.findUserById(used.userId);
      if (!owner || !mayChangeEmail({ proven: owner.emailVerifiedAt !== null })) throw invalidField("email", PROVE_ADDRESS_FIRST_MESSAGE);
      if (await ctx.repo.emailTakenByOther(used.newEmail, used.userId)) throw invalidField("email", EMAIL_TAKEN);
      await ctx.repo.updateUser(used.userId, { email: normalizeEmail(used.newEmail), emailVerifiedAt: now() });
      return { message: "Your e-mail address has been updated." };
    },

    /** Checks the current password, sets the new one and signs out every other device. */
    async changePassword(signIn: SignIn, body: ChangePasswordBody, ip: string) {
      await ctx.limiter.consume("password", ip, signIn.user.id);
      const user = signIn.user;
      const errors = new FieldErrors();
      if (user.passwordHash) {
        if (!body.current_password) errors.add("current_password", "The current password field is required.");
        else if (!(await verifyPassword(user.passwordHash, body.current_password)))
          errors.add("current_password", "The password is incorrect.");
      }
      errors.addAll("password", newPasswordProblems(body.password, user.email));
      errors.throwIfAny();
      const passwordHash = await hashPassword(body.password);
      await ctx.repo.transaction(async (tx) => {
        await tx.updateUser(user.id, { passwordHash });
        await tx.deleteTokens(user.id, signIn.tokenId);
      });
      await ctx.mailer.send({ to: user.email, userId: user.id, ...emails.passwordChanged(ctx.brand, user.name) });
      return { message: "Your password has been updated." };
    },
  };
}
export type ProfileService = ReturnType<typeof createProfileService>;
