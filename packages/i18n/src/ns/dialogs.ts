import { registerTexts } from "../index.ts";
import texts from "../id/dialogs.json" with { type: "json" };

registerTexts("dialogs", texts);
