import { BackOfficeHome } from "../../features/back-office/back-office-home.tsx";

export default function BackOfficeIndex() {
  return <BackOfficeHome />;
}
