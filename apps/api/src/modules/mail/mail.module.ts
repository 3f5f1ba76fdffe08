import { defineModule } from "../../http/module";
import { outboxRoutes } from "./outbox.routes";

/** The outbox page of sent e-mails, outside production only; the mailer is shared. */
export const mailModule = defineModule({
  name: "mail",
  root: async (app, { mailer, config }) => {
    if (!config.isProduction) await app.register(outboxRoutes(mailer));
  },
});
