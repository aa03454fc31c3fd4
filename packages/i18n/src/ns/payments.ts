import { registerTexts } from "../index.ts";
import texts from "../id/payments.json" with { type: "json" };

registerTexts("payments", texts);
