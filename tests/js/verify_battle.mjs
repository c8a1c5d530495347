// Verify a battle with server/web/verify.js from the command line, as a third party would:
//   node tests/js/verify_battle.mjs FILE          FILE: {"events", "dice", "receipts"?, "keys"?}
//   node tests/js/verify_battle.mjs URL BATTLE_ID read GET /events and GET /dice from a server
// Prints the report as JSON; exits 1 when a problem is found.
import { readFileSync } from "node:fs";

import { loadBattle, verifyBattle } from "../../server/web/verify.js";

const [where, battleId] = process.argv.slice(2);
const battle = battleId ? await loadBattle(where, battleId) : JSON.parse(readFileSync(where, "utf8"));
const report = await verifyBattle(battle);
console.log(JSON.stringify(report));
process.exitCode = report.ok ? 0 : 1;
