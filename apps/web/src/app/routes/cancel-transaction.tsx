import { CancelTransactionPage } from "../../features/payment";

export default CancelTransactionPage;
