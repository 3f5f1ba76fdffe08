import { AuthLayout } from "../../components/layout/auth-layout";
import { BackButton } from "../../components/layout/back-button";
import { LoginForm } from "../../features/auth";

export default function LoginPage() {
  return (
    <AuthLayout art title="Welcome back" subtitle="Log in to continue your practice." top={<BackButton />}>
      <LoginForm />
    </AuthLayout>
  );
}
