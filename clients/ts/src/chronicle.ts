// A thin typed layer over the generated client: openapi-fetch's calls, typed by openapi-typescript
// from api_schema/openapi.json (src/generated/schema.ts). Nothing here restates the API's shapes:
// every body, tag and answer below is a type the generator wrote.
import createClient from "openapi-fetch";
import type { paths } from "./generated/schema.js";

export type Api = ReturnType<typeof createClient<paths>>;

/** Any command `POST /v1/battles/{battle_id}/commands` takes, as the schema says. */
export type BattleCommand = NonNullable<
  paths["/v1/battles/{battle_id}/commands"]["post"]["requestBody"]
>["content"]["application/json"];
/** Every command's tag: a union of string literals, the generator's. */
export type CommandType = BattleCommand["type"];
/** The body of the command tagged `T`, without its tag. */
export type CommandBody<T extends CommandType> = Omit<Extract<BattleCommand, { type: T }>, "type">;

export interface Player {
  id: string;
  token: string;
}

export function connect(baseUrl: string): Api {
  return createClient<paths>({ baseUrl });
}

export function bearer(player: Player): { Authorization: string } {
  return { Authorization: `Bearer ${player.token}` };
}

/** The answer's body, or an error naming the call, its status and the server's problem. */
export function expect<T>(what: string, answer: { data?: T; error?: unknown; response: Response }): T {
  if (answer.data === undefined) {
    throw new Error(`${what}: ${answer.response.status} ${JSON.stringify(answer.error)}`);
  }
  return answer.data;
}

export async function newPlayer(api: Api, name: string): Promise<Player> {
  const created = expect(`create player ${name}`, await api.POST("/v1/players", { body: { name } }));
  if (created.token === null || created.token === undefined) {
    throw new Error("a new player's token is shown once, at creation");
  }
  return { id: created.id, token: created.token };
}

/** Send the command tagged `type`: the tag and the body are checked together against the schema.
 * Its answer is typed as openapi-fetch reads the schema's 201 response. */
export async function send<T extends CommandType>(api: Api, player: Player, battleId: string, type: T,
                                                  body: CommandBody<T>) {
  const command = { ...body, type } as Extract<BattleCommand, { type: T }>;
  return expect(`${type} in ${battleId}`, await api.POST("/v1/battles/{battle_id}/commands", {
    params: { path: { battle_id: battleId } },
    headers: bearer(player),
    body: command,
  }));
}

/** What a command answers: the battle's version, the events it recorded and the receipt. */
export type CommandResult = Awaited<ReturnType<typeof send>>;
export type Envelope = CommandResult["events"][number];
