import { defineModule } from "../../http/module.ts";
import { createIdentityVerifier } from "../identity/identity-verifier.ts";
import { createAccountRecoveryService } from "./account-recovery.service.ts";
import { adminRemovalRoutes } from "./admin-removal.routes.ts";
import { accountsRoutes } from "./accounts.routes.ts";
import { createAccountsService } from "./accounts.service.ts";
import { createProfileService } from "./profile.service.ts";

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
  api: async (api, { accounts, recovery, profile, media, accountsRepository, staff, database }) => {
    await api.register(accountsRoutes({ accounts, recovery, profile, media }));
    await api.register(adminRemovalRoutes({ recovery, accounts: accountsRepository, staff, database }));
  },
});
