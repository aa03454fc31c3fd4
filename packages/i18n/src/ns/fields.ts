import { registerTexts } from "../index.ts";
import texts from "../id/fields.json" with { type: "json" };

registerTexts("fields", texts);
