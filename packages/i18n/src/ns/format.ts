import { registerTexts } from "../index.ts";
import texts from "../id/format.json" with { type: "json" };

registerTexts("format", texts);
