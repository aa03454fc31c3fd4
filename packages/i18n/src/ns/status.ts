import { registerTexts } from "../index.ts";
import texts from "../id/status.json" with { type: "json" };

registerTexts("status", texts);
