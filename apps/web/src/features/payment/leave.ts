/** Leaving the app for a provider's page (the wallet's or the bank's approval): a full navigation. */
export const browserNavigation = {
  assign(url: string) {
    window.location.assign(url);
  },
};
