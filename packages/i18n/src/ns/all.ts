// Every namespace, for the server, which may answer in any of them.
import "./account.ts";
import "./api.ts";
import "./authy.ts";
import "./auth.ts";
import "./calculator.ts";
import "./common.ts";
import "./dialogs.ts";
import "./errors.ts";
import "./format.ts";
import "./home.ts";
import "./shell.ts";
import "./status.ts";
import "./validation.ts";
