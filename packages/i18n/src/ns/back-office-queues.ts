import { registerTexts } from "../index.ts";
import texts from "../id/back-office-queues.json" with { type: "json" };

registerTexts("back-office-queues", texts);
