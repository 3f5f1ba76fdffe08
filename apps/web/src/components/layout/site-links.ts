import type { SocialNetwork } from "../brand";

/** Links of the public footer (spec 000 section 2). Placeholders of the original are kept visible but inert. */
export const footerLinks = {
  product: [
    { label: "Home", to: "/" },
    { label: "Login To Web App", to: "/login" },
    { label: "FAQ", to: "/faq" },
  ],
  company: [
    { label: "Magazine", soon: true },
    { label: "Jobs", soon: true },
  ],
  legal: [
    { label: "Terms of Service", to: "/terms-of-service" },
    { label: "Terms & Conditions", to: "/terms-conditions" },
    { label: "Privacy Policy", to: "/privacy-policy" },
  ],
  stores: {
    appStore: "https://apps.apple.com/",
    googlePlay: "https://play.google.com/store/apps",
  },
  social: [
    { network: "instagram", label: "Instagram", href: "https://www.instagram.com/" },
    { network: "facebook", label: "Facebook", href: "https://www.facebook.com/" },
    { network: "youtube", label: "YouTube", href: "https://www.youtube.com/" },
    { network: "tiktok", label: "TikTok", href: "https://www.tiktok.com/" },
    { network: "x", label: "X", href: "https://x.com/" },
  ] satisfies { network: SocialNetwork; label: string; href: string }[],
};
