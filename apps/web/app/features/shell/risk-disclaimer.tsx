import type { RiskDisclaimer as RiskDisclaimerTexts } from "@pinjaman/contracts/site";
import { Suspense, use } from "react";
import { textsCache } from "@pinjaman/i18n";

/** The regulator's risk disclaimer (LPBBTI wording) from the catalogue, as a lazy module. */
export const riskDisclaimerTexts = textsCache<RiskDisclaimerTexts>(() =>
  import("@pinjaman/i18n/id/content/risk-disclaimer.json").then((m) => m.default),
);

function DisclaimerSection() {
  const { title, points } = use(riskDisclaimerTexts("id"));
  return (
    <section className="container footer__disclaimer" aria-labelledby="footer-disclaimer">
      <div className="footer__disclaimer-inner">
        <h2 id="footer-disclaimer" className="footer__heading">
          {title}
        </h2>
        <ol>
          {points.map((point, i) => (
            <li key={i}>{point}</li>
          ))}
        </ol>
      </div>
    </section>
  );
}

/**
 * The disclaimer every page's footer shows. The server renders it in full; in the browser the
 * boundary keeps that markup until the module has loaded (decision 0005): the long text is in
 * the document once, not again in every page's hydration data.
 */
export function RiskDisclaimer() {
  return (
    <Suspense fallback={null}>
      <DisclaimerSection />
    </Suspense>
  );
}
