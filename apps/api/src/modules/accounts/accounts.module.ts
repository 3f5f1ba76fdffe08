import { defineModule } from "../../http/module";
import { createIdentityVerifier } from "../identity/identity-verifier";
import { createAccountRecoveryService } from "./account-recovery.service";
import { accountsRoutes } from "./accounts.routes";
import { createAccountsService } from "./accounts.service";
import { createProfileService } from "./profile.service";

/** Who a person is: sign-up, sign-in, recovery and profile. Access tokens are shared: every member route checks them. */
export const accountsModule = defineModule({
  name: "accounts",
  services: ({ accountsRepository, accessTokens, mailer, limiter, brand, config, jobs, background }) => {
    const context = {
      repo: accountsRepository,
      accessTokens,
      mailer,
      limiter,
      identity: createIdentityVerifier(config.identity),
      brand,
      appUrl: config.appUrl,
      tmpTokenMs: config.tmpTokenMs,
    };
    return {
      accounts: createAccountsService(context),
      recovery: createAccountRecoveryService(context, {
        passwordResetMs: config.passwordResetMs,
        deletionDelayMs: config.accountDeletionDelayMs,
        jobs,
        background,
      }),
      profile: createProfileService(context),
    };
  },
  api: (api, { accounts, recovery, profile, media }) => api.register(accountsRoutes({ accounts, recovery, profile, media })),
});
