import { useLocation } from "react-router";
import { AuthLayout } from "../../components/layout/auth-layout";
import { RegisterForm, readRegistrationQuery } from "../../features/auth";

/** /create-account and /registration (spec 000 section 2); a lead only sets a password. */
export default function RegistrationPage() {
  const { search } = useLocation();
  const lead = readRegistrationQuery(search).lead;
  return (
    <AuthLayout
      art
      title={lead ? "Set your password" : "Create your account"}
      subtitle={lead ? "Your plan is ready. One last step to open it." : "A calmer mind starts with ten minutes a day."}
    >
      <RegisterForm />
    </AuthLayout>
  );
}
