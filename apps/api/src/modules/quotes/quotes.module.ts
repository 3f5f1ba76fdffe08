import { loadQuotes } from "@serene/content";
import { defineModule } from "../../http/module.ts";
import { quotesRoutes } from "./quotes.routes.ts";
import { createQuotesService } from "./quotes.service.ts";

export const quotesModule = defineModule({
  name: "quotes",
  services: () => ({ quotes: createQuotesService(loadQuotes()) }),
  api: (api, { quotes }) => api.register(quotesRoutes(quotes)),
});
