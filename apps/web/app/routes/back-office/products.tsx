import { ProductsPage } from "../../features/back-office/settings/products-page.tsx";

export default function BackOfficeProductsPage() {
  return <ProductsPage />;
}
