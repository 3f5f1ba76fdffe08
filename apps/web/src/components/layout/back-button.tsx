import { useNavigate } from "react-router";
import { PillButton } from "../ui/pill-button";

/** Goes back in history (the legal pages' back action); with no history it goes to the start page. */
export function BackButton({ label = "Back" }: { label?: string }) {
  const navigate = useNavigate();
  const goBack = () => {
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) void navigate(-1);
    else void navigate("/");
  };
  return (
    <PillButton size="lg" onClick={goBack}>
      <span aria-hidden="true">←</span> {label}
    </PillButton>
  );
}
