import { CustomersPage } from "../../features/back-office/customers/customers-page.tsx";

export default function BackOfficeCustomers() {
  return <CustomersPage />;
}
