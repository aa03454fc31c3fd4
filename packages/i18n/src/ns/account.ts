import { registerTexts } from "../index.ts";
import texts from "../id/account.json" with { type: "json" };

registerTexts("account", texts);
