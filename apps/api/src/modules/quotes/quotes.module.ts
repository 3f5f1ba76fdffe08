import { loadQuotes } from "@serene/content";
import { defineModule } from "../../http/module";
import { quotesRoutes } from "./quotes.routes";
import { createQuotesService } from "./quotes.service";

export const quotesModule = defineModule({
  name: "quotes",
  services: () => ({ quotes: createQuotesService(loadQuotes()) }),
  api: (api, { quotes }) => api.register(quotesRoutes(quotes)),
});
