import { registerTexts } from "../index.ts";
import texts from "../id/uploads.json" with { type: "json" };

registerTexts("uploads", texts);
