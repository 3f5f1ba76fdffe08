export { LegalDocumentView } from "./components/legal-document-view";
export { privacyPolicy } from "./texts/privacy-policy";
export { termsConditions } from "./texts/terms-conditions";
export { termsOfService } from "./texts/terms-of-service";
