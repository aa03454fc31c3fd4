import { registerTexts } from "../index.ts";
import texts from "../id/address.json" with { type: "json" };

registerTexts("address", texts);
