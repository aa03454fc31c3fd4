import { registrationFlowKey } from "@pinjaman/domain/variant";
import type { AppLoadContext } from "react-router";
import { productForPath, signUpHref } from "../features/calculator/products.ts";
import { loadPageContent } from "../features/content/page-content.server.ts";
import { widgetsOf, type PageLoaderData } from "../features/content/page-content.ts";

/** A page whose calculator or example cannot be priced still renders; the widget stays empty. */
async function orNull<T>(work: Promise<T>, what: string): Promise<T | null> {
  try {
    return await work;
  } catch (error) {
    console.error(`[page] ${what} failed`, error);
    return null;
  }
}

/**
 * What a public page (or the home page) renders from besides its texts: its head (company facts
 * filled in) and the data of the widgets it places, priced in-process by the same service as the
 * API. Its texts module is loaded here, so the server renders the page without waiting again.
 */
export async function loadPage(slug: string, pathname: string, context: AppLoadContext): Promise<PageLoaderData> {
  const [shell, product] = await Promise.all([context.services.shell(), context.services.product(productForPath(pathname))]);
  const content = await loadPageContent(slug, shell.company);
  const used = widgetsOf(content);
  const flowKey = registrationFlowKey(product.variant, product.key);
  const settings = product.loanSettings;

  const initialSchedule = used.has("loanCalculator")
    ? await orNull(
        context.services.defaultOfferSchedule(product.key, { amount: settings.default_amount, term: settings.default_term }),
        "calculator schedule",
      )
    : null;

  return {
    slug,
    head: { title: content.title, description: content.description },
    widgets: {
      signUpHref: signUpHref(flowKey),
      calculator: used.has("loanCalculator") ? { productKey: product.key, flowKey, settings, initialSchedule } : null,
      costExample: used.has("costExample")
        ? { loanType: product.loanType, productRatePpm: product.dailyRatePpm, today: shell.businessDate }
        : null,
      company: used.has("contactCard")
        ? { name: shell.company.name, email: shell.company.email, phone: shell.company.phone, address: shell.company.address }
        : null,
      tkb: used.has("tkbSummary") ? shell.tkb : null,
    },
  };
}
