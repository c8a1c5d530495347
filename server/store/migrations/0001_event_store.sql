-- Append-only events, one row each. (stream_id, version) is unique; `position` is the
-- global order that subscribers follow (writers are serialised, see postgres.py).
CREATE TABLE events (
    position    bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    stream_id   text        NOT NULL,
    version     integer     NOT NULL CHECK (version > 0),
    type        text        NOT NULL,
    data        jsonb       NOT NULL,
    actor       text,
    recorded_at timestamptz NOT NULL,
    hash        char(64)    NOT NULL,
    prev_hash   char(64)    NOT NULL,
    UNIQUE (stream_id, version)
);

-- One row per stream: its version (the optimistic-concurrency check), its last hash, and
-- what the stream list shows. Written in the same transaction as the stream's events.
CREATE TABLE streams (
    stream_id  text PRIMARY KEY,
    seq        bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
    kind       text    NOT NULL,
    status     text    NOT NULL,
    version    integer NOT NULL,
    last_hash  char(64) NOT NULL,
    summary    jsonb   NOT NULL,
    updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX streams_kind_status_seq ON streams (kind, status, seq DESC);
CREATE INDEX streams_kind_seq ON streams (kind, seq DESC);

-- Dice server seeds: never in an event until the battle reveals its own.
CREATE TABLE stream_secrets (
    stream_id   text PRIMARY KEY,
    server_seed bytea NOT NULL
);

CREATE TABLE idempotent_responses (
    scope        text NOT NULL,
    key          text NOT NULL,
    request_hash text NOT NULL,
    status       integer NOT NULL,
    body         bytea NOT NULL,
    created_at   timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (scope, key)
);

CREATE TABLE players (
    id         text PRIMARY KEY,
    name       text NOT NULL,
    token_hash text NOT NULL UNIQUE,
    created_at timestamptz NOT NULL DEFAULT now()
);
