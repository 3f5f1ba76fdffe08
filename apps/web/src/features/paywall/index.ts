export { PaywallPage } from "./paywall-page";
