import { registerTexts } from "../index.ts";
import texts from "../id/personal_data.json" with { type: "json" };

registerTexts("personal_data", texts);
