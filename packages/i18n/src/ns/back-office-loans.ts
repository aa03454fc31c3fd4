import { registerTexts } from "../index.ts";
import texts from "../id/back-office-loans.json" with { type: "json" };

registerTexts("back-office-loans", texts);
