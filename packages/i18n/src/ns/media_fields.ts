import { registerTexts } from "../index.ts";
import texts from "../id/media_fields.json" with { type: "json" };

registerTexts("media_fields", texts);
