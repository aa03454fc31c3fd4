import { registerTexts } from "../index.ts";
import texts from "../id/delivery.json" with { type: "json" };

registerTexts("delivery", texts);
