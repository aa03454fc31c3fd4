import type { ShellData } from "@pinjaman/contracts/site";
import { isLayoutHidden, variantForPath } from "@pinjaman/domain/variant";
import { t } from "@pinjaman/i18n";
import type { ReactNode } from "react";
import { useLocation } from "react-router";
import { ChatLauncher } from "./chat-launcher.tsx";
import { Footer } from "./footer.tsx";
import { FraudBanner } from "./fraud-banner.tsx";
import { Navbar } from "./navbar.tsx";
import { ProgressBar } from "./progress-bar.tsx";
import "@pinjaman/i18n/ns/shell";

export const MAIN_CONTENT_ID = "konten";

export type SiteShellProps = {
  /** Missing when the root loader failed: the page then renders without navbar and footer. */
  shell: ShellData | undefined;
  children: ReactNode;
};

/**
 * Every page's frame: progress bar, skip link, header (fraud warning, navbar with TKB), main,
 * footer and chat. Flow pages listed in the spec hide navbar, footer and chat.
 */
export function SiteShell({ shell, children }: SiteShellProps) {
  const { pathname } = useLocation();
  const variant = variantForPath(pathname);
  const withLayout = shell !== undefined && !isLayoutHidden(pathname);

  return (
    <>
      <ProgressBar />
      {withLayout && (
        <>
          <a className="skip-link" href={`#${MAIN_CONTENT_ID}`}>
            {t("shell.skip_link")}
          </a>
          <header className="site-header">
            <FraudBanner companyName={shell.company.name} />
            <Navbar shell={shell} variant={variant} />
          </header>
        </>
      )}
      <main id={MAIN_CONTENT_ID} className="site-main" tabIndex={-1}>
        {children}
      </main>
      {withLayout && (
        <>
          <Footer company={shell.company} variant={variant} />
          <ChatLauncher />
        </>
      )}
    </>
  );
}
