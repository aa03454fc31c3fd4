import { ApiKeysPage } from "../../features/back-office/settings/api-keys-page.tsx";

export default function BackOfficeApiKeysPage() {
  return <ApiKeysPage />;
}
