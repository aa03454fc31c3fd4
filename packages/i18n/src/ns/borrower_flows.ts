import { registerTexts } from "../index.ts";
import texts from "../id/borrower_flows.json" with { type: "json" };

registerTexts("borrower_flows", texts);
