export { PaywallPage } from "./paywall-page";
export { prefetchPaywallPlans } from "./use-paywall-plans";
