import { useParams } from "react-router";
import { AuthLayout } from "../../components/layout/auth-layout";
import { RemovalConfirmation } from "../../features/account";

export default function ConfirmRemovePage() {
  const { code = "" } = useParams();
  return (
    <AuthLayout title="Account removal">
      <RemovalConfirmation code={code} />
    </AuthLayout>
  );
}
