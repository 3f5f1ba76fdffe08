import { AuthLayout } from "../../components/layout/auth-layout";
import { ForgotPasswordForm } from "../../features/auth";

export default function ForgotPasswordPage() {
  return (
    <AuthLayout
      title="Forgot your password?"
      subtitle="Enter the e-mail address of your account and we will send you a link to choose a new one."
    >
      <ForgotPasswordForm />
    </AuthLayout>
  );
}
