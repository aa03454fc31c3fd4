import { registerTexts } from "../index.ts";
import texts from "../id/lender_money.json" with { type: "json" };

registerTexts("lender_money", texts);
