import { registerTexts } from "../index.ts";
import texts from "../id/auth.json" with { type: "json" };

registerTexts("auth", texts);
