import { renderToString } from "react-dom/server";
import { StaticRouter } from "react-router";
import { LandingPage } from "./features/landing";

/**
 * The landing page as static HTML, written at build time and served inside index.html for `/`,
 * so the first paint needs no JavaScript. The app replaces it with the same markup on boot.
 */
export function renderLanding(): string {
  return renderToString(
    <StaticRouter location="/">
      <LandingPage />
    </StaticRouter>,
  );
}
