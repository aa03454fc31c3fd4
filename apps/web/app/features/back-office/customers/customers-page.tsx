import { t } from "@pinjaman/i18n";
import { useState } from "react";
import { Link } from "react-router";
import { CustomerSearch } from "./customer-search.tsx";
import { customersApi } from "./customers-api.ts";
import { NoticeForm } from "./notice-form.tsx";
import "@pinjaman/i18n/ns/back_office_customers";
import "./customers.css";

/** /back-office/customers — search, each result leading to the customer's page. */
export function CustomersPage({ api = customersApi }: { api?: typeof customersApi }) {
  return (
    <>
      <h1>{t("back_office_customers.search.title")}</h1>
      <CustomerSearch
        search={api.search}
        action={(customer) => (
          <Link to={`/back-office/customers/${customer.id}`} aria-label={t("back_office_customers.search.open", { name: customer.name })}>
            {t("back_office_customers.search.open", { name: customer.name })}
          </Link>
        )}
      />
    </>
  );
}

/** /back-office/notices — find the customer, then write the notice. */
export function NoticesPage({ api = customersApi }: { api?: typeof customersApi }) {
  const [chosen, setChosen] = useState<{ id: string; name: string } | null>(null);
  return (
    <>
      <h1>{t("back_office_customers.search.notices_title")}</h1>
      <p>{t("back_office_customers.search.notices_intro")}</p>
      <CustomerSearch
        search={api.search}
        action={(customer) =>
          chosen?.id === customer.id ? (
            <NoticeForm customerId={customer.id} send={api.sendNotice} />
          ) : (
            <button type="button" className="button button--outline" onClick={() => setChosen({ id: customer.id, name: customer.name })}>
              {t("back_office_customers.search.send_notice_to", { name: customer.name })}
            </button>
          )
        }
      />
    </>
  );
}
