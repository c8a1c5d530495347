// A page served over plain http from another host has no Web Crypto (browsers keep crypto.subtle
// for https and localhost): the verifier must say it cannot check, not report every event forged.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { test } from "node:test";
import { pathToFileURL } from "node:url";

import { GOLDEN, ROOT, goldenEvents } from "./support.mjs";

test("without Web Crypto, the verifier rejects with the reason instead of reporting problems", () => {
  const module = pathToFileURL(join(ROOT, "server", "web", "verify.js")).href;
  const events = goldenEvents(GOLDEN[0].path);
  // As a browser's insecure page: no crypto.subtle, and no Node to take it from.
  const script = `
    const write = process.stdout.write.bind(process.stdout);
    Object.defineProperty(globalThis, "crypto", { value: {}, configurable: true });
    Object.defineProperty(globalThis, "process", { value: undefined, configurable: true });
    const { verifyBattle, verifyChain } = await import(${JSON.stringify(module)});
    const events = ${JSON.stringify(events)};
    const outcome = (promise) => promise.then((report) => ({ report }), (error) => ({ error: error.message }));
    write(JSON.stringify([await outcome(verifyBattle({ events })), await outcome(verifyChain(events))]));`;
  const answer = JSON.parse(execFileSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" }));
  const error = "Web Crypto (crypto.subtle) is unavailable: browsers offer it only to pages served over https or "
    + "from localhost";
  assert.deepEqual(answer, [{ error }, { error }]);
});
