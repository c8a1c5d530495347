// What the generated types refuse, checked by every `tsc` run of this client: each line below must
// be a type error, or tsc fails on its unused @ts-expect-error. So a schema that stopped describing
// the commands (a tag no command has, a field of the wrong type, a missing required field) fails
// the build instead of compiling whatever a client sends.
import type { BattleCommand, CommandBody } from "./chronicle.js";

export const valid: BattleCommand[] = [{ type: "test", skill: 55 }, { type: "roll", expression: "1d6" }];
// @ts-expect-error: "tset" is no command's tag
export const misspelt: BattleCommand = { type: "tset", skill: 55 };
// @ts-expect-error: a test's skill is a number
export const wrongType: BattleCommand = { type: "test", skill: "55" };
// @ts-expect-error: a roll needs its expression
export const missing: BattleCommand = { type: "roll" };
// @ts-expect-error: the body of a fall has no expression
export const wrongBody: CommandBody<"fall"> = { expression: "1d6" };
