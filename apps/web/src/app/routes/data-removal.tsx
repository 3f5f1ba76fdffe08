import { AuthLayout } from "../../components/layout/auth-layout";
import { BackButton } from "../../components/layout/back-button";
import { RemovalRequestForm } from "../../features/account";

export default function DataRemovalPage() {
  return (
    <AuthLayout
      title="Remove your account"
      subtitle="Enter the e-mail address of your account. We will send you a link to confirm that your account and its data should be removed."
      top={<BackButton />}
    >
      <RemovalRequestForm />
    </AuthLayout>
  );
}
