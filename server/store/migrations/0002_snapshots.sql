-- The latest snapshot of a stream's state. `schema` names the state shape it was written
-- with; a reader running another schema ignores it and replays instead.
CREATE TABLE snapshots (
    stream_id  text PRIMARY KEY,
    version    integer NOT NULL,
    schema     text    NOT NULL,
    state      jsonb   NOT NULL,
    written_at timestamptz NOT NULL DEFAULT now()
);
