import { registerTexts } from "../index.ts";
import texts from "../id/insurance.json" with { type: "json" };

registerTexts("insurance", texts);
