export { AccountForm } from "./components/account-form";
export { ChangePasswordForm } from "./components/change-password-form";
export { EmailConfirmation } from "./components/email-confirmation";
export { RemovalConfirmation } from "./components/removal-confirmation";
export { RemovalRequestForm } from "./components/removal-request-form";
export { DataDownload } from "./components/data-download";
