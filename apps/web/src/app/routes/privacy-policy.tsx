import { BackButton, PublicPage } from "../../components/layout";
import { LegalDocumentView } from "../../features/legal/components/legal-document-view";
import { privacyPolicy } from "../../features/legal/texts/privacy-policy";

export default function PrivacyPolicyPage() {
  return (
    <PublicPage>
      <BackButton />
      <LegalDocumentView document={privacyPolicy} />
    </PublicPage>
  );
}
