export { PaywallPage } from "./paywall-page";
export { prefetchPaywallPlans } from "./api/paywall-plans";
