import { t } from "@pinjaman/i18n";
import { ProfilePage } from "../features/auth/profile-page.tsx";
import { BorrowerOffers } from "../features/borrower-offers/borrower-offers.tsx";
import { InvestmentAccountsList } from "../features/lender/investment-accounts-list.tsx";
import { Dashboard } from "../features/loans/dashboard.tsx";
import { PersonalDataSection } from "../features/personal-data/personal-data-section.tsx";
import { guardRoute } from "../features/session/route-guards.ts";
import { sessionFromRequest } from "../features/session/session.server.ts";
import { useSessionState } from "../features/session/session-store.ts";
import type { Route } from "./+types/profile";
import "@pinjaman/i18n/ns/auth";

export async function loader({ request, context }: Route.LoaderArgs) {
  await guardRoute({ middleware: ["auth"] }, { session: await sessionFromRequest(request, context.services) });
  return null;
}

export function meta() {
  return [{ title: t("auth.profile.meta_title") }, { name: "description", content: t("auth.profile.meta_description") }];
}

/** The profile with the dashboard (spec "Dashboard state": loans and investment accounts) once the identity is known. */
export default function Profile() {
  const session = useSessionState();
  const customerKey = session.identityLoaded ? session.customerId : null;
  return (
    <ProfilePage>
      <Dashboard customerKey={customerKey} />
      <BorrowerOffers customerKey={customerKey} />
      <InvestmentAccountsList customerKey={customerKey} />
      {customerKey && <PersonalDataSection />}
    </ProfilePage>
  );
}
