import { useParams } from "react-router";
import { AuthLayout } from "../../components/layout/auth-layout";
import { EmailConfirmation } from "../../features/account";

export default function ConfirmEmailPage() {
  const { code = "" } = useParams();
  return (
    <AuthLayout title="E-mail confirmation">
      <EmailConfirmation code={code} />
    </AuthLayout>
  );
}
