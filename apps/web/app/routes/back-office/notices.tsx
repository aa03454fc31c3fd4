import { NoticesPage } from "../../features/back-office/customers/customers-page.tsx";

export default function BackOfficeNotices() {
  return <NoticesPage />;
}
