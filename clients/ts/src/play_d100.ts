// A d100 adventure played through the generated TypeScript client against a live server:
// `node dist/play_d100.js <base URL>`. It prints one JSON line (the battle, the event types,
// what GET /verify found) for tests/e2e/test_generated_clients.py to check, and exits 1 on any
// refusal.
import { connect, expect, newPlayer, send, type Envelope } from "./chronicle.js";

async function play(baseUrl: string): Promise<object> {
  const api = connect(baseUrl);
  const ruleset = expect("GET /v1/rulesets/d100", await api.GET("/v1/rulesets/{ruleset_id}", {
    params: { path: { ruleset_id: "d100" } },
  }));
  const alice = await newPlayer(api, "ts-alice");
  const bob = await newPlayer(api, "ts-bob");
  const battle = expect("create battle", await api.POST("/v1/battles", {
    headers: { Authorization: `Bearer ${alice.token}` },
    body: { ruleset: "d100", seats: ["north", "south"], options: {} },
  }));
  for (const [player, seat, seed] of [[alice, "north", "ts-north"], [bob, "south", "ts-south"]] as const) {
    expect(`claim ${seat}`, await api.POST("/v1/battles/{battle_id}/seats/{seat}", {
      params: { path: { battle_id: battle.id, seat } },
      headers: { Authorization: `Bearer ${player.token}` },
      body: { client_seed: seed },
    }));
  }
  const events: Envelope[] = [];
  const record = (result: { events: Envelope[] }) => events.push(...result.events);
  record(await send(api, alice, battle.id, "start", {}));
  const arden = { str: 12, con: 12, siz: 13, dex: 11, int: 14, pow: 10, cha: 9 };
  record(await send(api, alice, battle.id, "add_character", { name: "Arden", characteristics: arden }));
  record(await send(api, alice, battle.id, "test", { skill: 55, bonus: 1, purpose: "climb the wall" }));
  record(await send(api, bob, battle.id, "fall", { metres: 6, acrobatics: 40 }));
  record(await send(api, bob, battle.id, "travel_day", { pace: "walk", terrain: "hills", navigation: 40 }));
  record(await send(api, bob, battle.id, "expose", { character: "arden", affliction: "Gorgon Serpent Venom" }));
  record(await send(api, alice, battle.id, "pass_time", { minutes: 1 }));
  record(await send(api, alice, battle.id, "resist", { character: "arden", name: "Gorgon Serpent Venom",
                                                       resilience: 50 }));
  record(await send(api, alice, battle.id, "rest", { hours: 8 }));
  record(await send(api, bob, battle.id, "damage", { character: "arden", amount: 9, armour: 1 }));
  record(await send(api, bob, battle.id, "roll", { expression: "1d100", purpose: "the way home" }));
  record(await send(api, alice, battle.id, "concede", {}));

  const state = expect("state", await api.GET("/v1/battles/{battle_id}/state", {
    params: { path: { battle_id: battle.id } },
  }));
  const dice = expect("dice", await api.GET("/v1/battles/{battle_id}/dice", {
    params: { path: { battle_id: battle.id } },
  }));
  const verified = expect("verify", await api.GET("/v1/battles/{battle_id}/verify", {
    params: { path: { battle_id: battle.id } },
  }));
  return {
    ruleset_version: ruleset.version,
    battle_id: battle.id,
    commitment: battle.dice.commitment,
    event_types: events.map((e) => e.type),
    versions: events.map((e) => e.version),
    status: state.status,
    server_seed_revealed: dice.server_seed !== null && dice.server_seed !== undefined,
    verify: { ok: verified.ok, events: verified.events, rolls: verified.rolls, problems: verified.problems },
  };
}

const baseUrl = process.argv[2];
if (!baseUrl) {
  console.error("usage: node dist/play_d100.js <base URL of a Chronicle server>");
  process.exit(2);
}
try {
  console.log(JSON.stringify(await play(baseUrl)));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
