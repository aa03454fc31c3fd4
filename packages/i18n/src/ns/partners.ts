import { registerTexts } from "../index.ts";
import texts from "../id/partners.json" with { type: "json" };

registerTexts("partners", texts);
