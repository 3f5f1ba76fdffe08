import { ThankYouPage } from "../../features/payment";

export default ThankYouPage;
