import { registerTexts } from "../index.ts";
import texts from "../id/calculator.json" with { type: "json" };

registerTexts("calculator", texts);
