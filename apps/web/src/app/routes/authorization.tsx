import { AuthLayout } from "../../components/layout/auth-layout";
import { TokenExchange } from "../../features/auth";

/** /authorization: the token exchange entry after the quiz (spec 000 section 4). */
export default function AuthorizationPage() {
  return (
    <AuthLayout title="One moment">
      <TokenExchange />
    </AuthLayout>
  );
}
