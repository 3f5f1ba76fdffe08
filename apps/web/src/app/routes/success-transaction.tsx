import { SuccessTransactionPage } from "../../features/payment";

export default SuccessTransactionPage;
