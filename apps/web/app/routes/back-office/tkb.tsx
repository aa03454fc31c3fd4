import { TkbPage } from "../../features/back-office/settings/tkb-page.tsx";

export default function BackOfficeTkbPage() {
  return <TkbPage />;
}
