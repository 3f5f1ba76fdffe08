import { defineModule } from "../../http/module.ts";
import { outboxRoutes } from "./outbox.routes.ts";

/** The outbox page of sent e-mails, outside production only; the mailer is shared. */
export const mailModule = defineModule({
  name: "mail",
  root: async (app, { mailer, config }) => {
    if (!config.isProduction) await app.register(outboxRoutes(mailer));
  },
});
