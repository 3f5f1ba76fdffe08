export { HelpSupport } from "./components/help-support";
export { SettingsCard, SettingsPageHeader } from "./components/settings-page-header";
export { SettingsMenu } from "./components/settings-menu";
// The subscription page's parts are imported from their own modules (components/subscription-settings,
// lib/page-reload), so the other settings pages do not load them.
