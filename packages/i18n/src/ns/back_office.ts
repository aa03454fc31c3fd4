import { registerTexts } from "../index.ts";
import texts from "../id/back_office.json" with { type: "json" };

registerTexts("back_office", texts);
