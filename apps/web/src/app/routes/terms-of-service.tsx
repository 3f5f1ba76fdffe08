import { BackButton, PublicPage } from "../../components/layout";
import { LegalDocumentView } from "../../features/legal/components/legal-document-view";
import { termsOfService } from "../../features/legal/texts/terms-of-service";

export default function TermsOfServicePage() {
  return (
    <PublicPage>
      <BackButton />
      <LegalDocumentView document={termsOfService} />
    </PublicPage>
  );
}
