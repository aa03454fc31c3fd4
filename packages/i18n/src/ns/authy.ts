import { registerTexts } from "../index.ts";
import texts from "../id/authy.json" with { type: "json" };

registerTexts("authy", texts);
