-- The stream list moves out of the write path: `streams` keeps only what appends need
-- (version for optimistic concurrency, last hash for the chain); the battle list and
-- player records become read models kept by the projector with a checkpoint.
ALTER TABLE streams DROP COLUMN kind, DROP COLUMN status, DROP COLUMN summary, DROP COLUMN seq;

CREATE TABLE projection_checkpoints (
    name     text PRIMARY KEY,
    position bigint NOT NULL
);

CREATE TABLE battle_list (
    battle_id text PRIMARY KEY,
    seq       bigint NOT NULL,
    status    text   NOT NULL,
    summary   jsonb  NOT NULL
);
CREATE INDEX battle_list_seq ON battle_list (seq DESC);
CREATE INDEX battle_list_status_seq ON battle_list (status, seq DESC);

CREATE TABLE player_records (
    player_id text PRIMARY KEY,
    record    jsonb NOT NULL
);
