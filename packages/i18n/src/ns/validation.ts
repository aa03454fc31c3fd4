import { registerTexts } from "../index.ts";
import texts from "../id/validation.json" with { type: "json" };

registerTexts("validation", texts);
