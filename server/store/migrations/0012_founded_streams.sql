-- GET /v1/tournaments: the streams founded by a type of first event, newest first
-- (store.list_founded). One row per stream: only first events are indexed.
CREATE INDEX events_founded ON events (type, position DESC) WHERE version = 1;
