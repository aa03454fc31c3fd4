import { registerTexts } from "../index.ts";
import texts from "../id/common.json" with { type: "json" };

registerTexts("common", texts);
