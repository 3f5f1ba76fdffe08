import { useSearchParams } from "react-router";
import { AuthLayout } from "../../components/layout/auth-layout";
import { ResetPasswordForm } from "../../features/auth";

/** /password/reset?token=..&email=.. from the e-mailed link. */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  return (
    <AuthLayout title="Choose a new password" subtitle="Pick something you will remember. You will be logged in right after.">
      <ResetPasswordForm email={params.get("email")} token={params.get("token")} />
    </AuthLayout>
  );
}
