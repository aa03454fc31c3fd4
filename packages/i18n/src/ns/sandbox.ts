import { registerTexts } from "../index.ts";
import texts from "../id/sandbox.json" with { type: "json" };

registerTexts("sandbox", texts);
