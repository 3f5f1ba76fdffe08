import { Navigate, useParams } from "react-router";
import { AuthLayout } from "../../components/layout/auth-layout";
import { SocialCallback, isSocialProvider } from "../../features/auth";

/** /auth/callback/:provider: where Google, Apple and Facebook send the person back. */
export default function AuthCallbackPage() {
  const { provider } = useParams();
  if (!isSocialProvider(provider)) return <Navigate to="/login" replace />;
  return (
    <AuthLayout title="Signing you in">
      <SocialCallback provider={provider} />
    </AuthLayout>
  );
}
