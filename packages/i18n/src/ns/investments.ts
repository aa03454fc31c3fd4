import { registerTexts } from "../index.ts";
import texts from "../id/investments.json" with { type: "json" };

registerTexts("investments", texts);
