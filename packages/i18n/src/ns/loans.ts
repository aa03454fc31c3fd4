import { registerTexts } from "../index.ts";
import texts from "../id/loans.json" with { type: "json" };

registerTexts("loans", texts);
