import { registerTexts } from "../index.ts";
import texts from "../id/api.json" with { type: "json" };

registerTexts("api", texts);
