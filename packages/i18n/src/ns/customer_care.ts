import { registerTexts } from "../index.ts";
import texts from "../id/customer_care.json" with { type: "json" };

registerTexts("customer_care", texts);
