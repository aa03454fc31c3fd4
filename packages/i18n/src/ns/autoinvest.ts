import { registerTexts } from "../index.ts";
import texts from "../id/autoinvest.json" with { type: "json" };

registerTexts("autoinvest", texts);
