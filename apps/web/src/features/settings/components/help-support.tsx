import { Accordion } from "../../../components/ui/accordion";

/** Help & Support: placeholder questions only (spec 001 Settings). */
export function HelpSupport({ supportEmail }: { supportEmail: string }) {
  return (
    <Accordion
      headingLevel={2}
      items={[
        {
          id: "start",
          title: "Where do I start?",
          content: <p>Open Home and begin with the daily meditation. Ten quiet minutes a day is plenty.</p>,
        },
        {
          id: "password",
          title: "How do I change my password?",
          content: <p>Go to Settings, then Change Password. Enter your current password and the new one.</p>,
        },
        {
          id: "email",
          title: "How do I change my e-mail address?",
          content: <p>Go to Settings, then Account. We send a confirmation link to the new address; it changes once you open it.</p>,
        },
        {
          id: "subscription",
          title: "How do I cancel my subscription?",
          content: (
            <p>
              You can cancel online in Settings under Subscription, or write to <a href={`mailto:${supportEmail}`}>{supportEmail}</a>.
            </p>
          ),
        },
        {
          id: "contact",
          title: "How can I reach support?",
          content: (
            <p>
              Write to <a href={`mailto:${supportEmail}`}>{supportEmail}</a>. We answer every message, usually within one working day.
            </p>
          ),
        },
      ]}
    />
  );
}
