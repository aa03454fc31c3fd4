import { registerTexts } from "../index.ts";
import texts from "../id/errors.json" with { type: "json" };

registerTexts("errors", texts);
