import { PaywallPage } from "../../features/paywall";

export default PaywallPage;
