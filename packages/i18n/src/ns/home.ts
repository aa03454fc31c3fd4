import { registerTexts } from "../index.ts";
import texts from "../id/home.json" with { type: "json" };

registerTexts("home", texts);
