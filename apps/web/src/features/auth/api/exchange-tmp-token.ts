import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

/** POST /api/v1/authorization-by-tmp-token/{email}: a session token for an e-mailed one-time token. */
export const exchangeTmpToken = (email: string, tmpToken: string) =>
  api.post("authorization-by-tmp-token/{email}", { params: { email }, body: { email, tmp_token: tmpToken, device_name: "web" } });

export const tmpTokenKeys = {
  exchange: (email: string, tmpToken: string) => ["tmp-token-exchange", email, tmpToken] as const,
};

/**
 * The exchange runs once per link, as a query: a second mount (React's strict mode) shares the
 * call in flight instead of spending the one-time token twice. Not cached after the page.
 */
export const tmpTokenExchangeOptions = (email: string, tmpToken: string) =>
  queryOptions({
    queryKey: tmpTokenKeys.exchange(email, tmpToken),
    queryFn: () => exchangeTmpToken(email, tmpToken),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });

export const useTmpTokenExchange = (email: string | null, tmpToken: string | null) =>
  useQuery({ ...tmpTokenExchangeOptions(email ?? "", tmpToken ?? ""), enabled: Boolean(email) });
