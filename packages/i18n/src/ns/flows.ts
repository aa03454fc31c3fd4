import { registerTexts } from "../index.ts";
import texts from "../id/flows.json" with { type: "json" };

registerTexts("flows", texts);
