import { QuoteDefinitions, type QuoteResponse } from "@serene/contracts";
import { DAY_MS } from "@serene/domain";

/**
 * The dashboard's quote (spec 001 sections 2, 3 and 7; decision 034). The shipped quotes are checked once at
 * start-up (a file that does not fit stops it) and served from memory: `rand` picks any one, otherwise the
 * quote of the day, the same for everyone for a whole UTC day and the next one the day after.
 */
export function createQuotesService(shipped: unknown, deps: { now?: () => Date; random?: () => number } = {}) {
  const quotes = QuoteDefinitions.parse(shipped);
  const now = deps.now ?? (() => new Date());
  const random = deps.random ?? Math.random;
  const answer = (index: number): QuoteResponse => ({ data: quotes[index]! });

  return {
    count: quotes.length,
    random: () => answer(Math.min(quotes.length - 1, Math.floor(random() * quotes.length))),
    ofTheDay: () => answer(Math.floor(now().getTime() / DAY_MS) % quotes.length),
    /** Seconds until the quote of the day changes (next UTC midnight). */
    secondsToNextDay: () => Math.max(1, Math.ceil((DAY_MS - (now().getTime() % DAY_MS)) / 1000)),
  };
}
export type QuotesService = ReturnType<typeof createQuotesService>;
