import { BackButton, PublicPage } from "../../components/layout";
import { LegalDocumentView } from "../../features/legal/components/legal-document-view";
import { termsConditions } from "../../features/legal/texts/terms-conditions";

export default function TermsConditionsPage() {
  return (
    <PublicPage>
      <BackButton />
      <LegalDocumentView document={termsConditions} />
    </PublicPage>
  );
}
