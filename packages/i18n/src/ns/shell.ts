import { registerTexts } from "../index.ts";
import texts from "../id/shell.json" with { type: "json" };

registerTexts("shell", texts);
