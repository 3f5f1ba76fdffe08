export { HelpSupport } from "./components/help-support";
export { SettingsCard, SettingsPageHeader } from "./components/settings-page-header";
export { SettingsMenu } from "./components/settings-menu";
export { APP_VERSION_TEXT, settingsLinks } from "./settings-links";
