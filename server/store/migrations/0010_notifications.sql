-- Notifications for players (GET /v1/players/me/stream) and webhooks, kept by a checkpointed
-- subscriber to the global log (server/notify): a player's notifications are numbered from 1,
-- so a stream resumes after the last one seen; each webhook delivery is queued in the same
-- transaction as its notification, so a crash loses none.
CREATE TABLE notifications (
    player_id     text        NOT NULL,
    seq           bigint      NOT NULL,
    type          text        NOT NULL,
    source        text        NOT NULL,  -- "<stream id>/<version>": what it was derived from
    data          jsonb       NOT NULL,
    recorded_at   text        NOT NULL,
    PRIMARY KEY (player_id, seq),
    UNIQUE (player_id, source, type)
);

CREATE TABLE webhooks (
    hook_id       text        PRIMARY KEY,
    owner         text        NOT NULL,
    url           text        NOT NULL,
    events        text[]      NOT NULL,
    secret        text        NOT NULL,
    enabled       boolean     NOT NULL DEFAULT true,
    failures      integer     NOT NULL DEFAULT 0,  -- failed attempts in a row
    created_at    timestamptz NOT NULL DEFAULT now(),
    disabled_reason text
);
CREATE INDEX webhooks_owner ON webhooks (owner);

CREATE TABLE webhook_deliveries (
    delivery_id   bigserial   PRIMARY KEY,
    hook_id       text        NOT NULL REFERENCES webhooks (hook_id) ON DELETE CASCADE,
    player_id     text        NOT NULL,
    seq           bigint      NOT NULL,
    status        text        NOT NULL DEFAULT 'pending',  -- pending, delivered, failed
    attempts      integer     NOT NULL DEFAULT 0,
    next_attempt  timestamptz NOT NULL DEFAULT now(),
    last_status   integer,
    last_error    text,
    delivered_at  timestamptz,
    UNIQUE (hook_id, player_id, seq)
);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt) WHERE status = 'pending';
CREATE INDEX webhook_deliveries_hook ON webhook_deliveries (hook_id, delivery_id DESC);
