import { registerTexts } from "../index.ts";
import texts from "../id/lender.json" with { type: "json" };

registerTexts("lender", texts);
