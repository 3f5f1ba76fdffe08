import { useParams } from "react-router";
import { MemberShell } from "../../components/layout/member-shell";
import { ReceiptView } from "../../features/settings/components/receipt-view";

/** /settings/subscription/receipts/:id: one receipt, to read and to print. */
export default function SettingsReceiptPage() {
  const { id = "" } = useParams();
  return (
    <MemberShell narrow>
      <ReceiptView id={id} />
    </MemberShell>
  );
}
