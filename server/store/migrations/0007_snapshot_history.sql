-- Keep a stream's snapshots, one every CHRONICLE_SNAPSHOT_EVERY versions, instead of only the
-- latest: a past state (`GET /v1/battles/{id}/state?at=N`) is then the snapshot at or before N
-- plus a short tail, never a replay of the whole log.
ALTER TABLE snapshots DROP CONSTRAINT snapshots_pkey;
ALTER TABLE snapshots ADD PRIMARY KEY (stream_id, version);

-- The battle quota counts a player's unfinished battles at every creation.
CREATE INDEX battle_list_unfinished_by_creator ON battle_list ((summary->>'creator')) WHERE status <> 'ended';
