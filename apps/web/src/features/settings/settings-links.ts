export type SettingsIconName = "subscription" | "account" | "password" | "help" | "appearance" | "terms" | "privacy";

export interface SettingsLink {
  title: string;
  path: string;
  icon: SettingsIconName;
}

/** The settings links list (spec 001 Settings): title, path, icon; Appearance holds the spec's themes. */
export const settingsLinks: SettingsLink[] = [
  { title: "Subscription", path: "/settings/subscription", icon: "subscription" },
  { title: "Account", path: "/settings/account", icon: "account" },
  { title: "Change Password", path: "/settings/change-password", icon: "password" },
  { title: "Appearance", path: "/settings/appearance", icon: "appearance" },
  { title: "Help & Support", path: "/settings/help-support", icon: "help" },
  { title: "Terms & Conditions", path: "/terms-conditions", icon: "terms" },
  { title: "Privacy Policy", path: "/privacy-policy", icon: "privacy" },
];

/** The fixed version line of the settings page. */
export const APP_VERSION_TEXT = "Version 1.00 (2345)";
