import { useParams } from "react-router";
import { CustomerDetailPage } from "../../features/back-office/customers/customer-detail-page.tsx";

export default function BackOfficeCustomer() {
  const { id = "" } = useParams();
  return <CustomerDetailPage key={id} customerId={id} />;
}
