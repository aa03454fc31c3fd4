import { registerTexts } from "../index.ts";
import texts from "../id/back_office_queues.json" with { type: "json" };

registerTexts("back_office_queues", texts);
