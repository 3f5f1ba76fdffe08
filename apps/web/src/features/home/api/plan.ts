import type { ContentRef } from "@serene/contracts";
import { queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

/** GET /personal-plan-by-day: the member's 14-day plan, every day, and which day is today. */
export const getPersonalPlan = (signal?: AbortSignal) => api.get("personal-plan-by-day", { signal, silent: true });

export const personalPlanKeys = {
  plan: () => ["personal-plan"] as const,
};

export const personalPlanQueryOptions = () =>
  queryOptions({ queryKey: personalPlanKeys.plan(), queryFn: ({ signal }) => getPersonalPlan(signal) });

export const usePersonalPlan = () => useQuery(personalPlanQueryOptions());

/** POST /user/views: a plan step was opened (spec 001 "Home"). Failures are ignored. */
export const recordView = (ref: ContentRef) => api.post("user/views", { body: ref, silent: true, keepalive: true });

export const useRecordView = () => useMutation({ mutationFn: recordView });
