import { useLocation } from "react-router";
import { AuthLayout } from "../../components/layout/auth-layout";
import { RegisterForm, readRegistrationQuery } from "../../features/auth";

/** /create-email-account: registration with an e-mail address only, no provider buttons. */
export default function CreateEmailAccountPage() {
  const { search } = useLocation();
  const lead = readRegistrationQuery(search).lead;
  return (
    <AuthLayout
      art
      title={lead ? "Set your password" : "Create your account"}
      subtitle={lead ? "Your plan is ready. One last step to open it." : "Sign up with your e-mail address."}
    >
      <RegisterForm social={false} />
    </AuthLayout>
  );
}
