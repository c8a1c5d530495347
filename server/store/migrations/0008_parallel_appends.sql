-- Issue #19: appends to different streams no longer wait for each other.
--
-- Before, every append took one advisory lock (7700002) and held it through its commit, so
-- that `position` followed commit order. Now an append locks only its own stream (and its
-- idempotency key), and the global feed is ordered by (transaction_id, position) instead of
-- by position alone: `transaction_id` is the appending transaction's id, and a reader only
-- takes events whose transaction id is below the xmin of its own snapshot
-- (pg_snapshot_xmin(pg_current_snapshot())). Every transaction with a smaller id has ended
-- by then (committed, so visible, or rolled back), and any transaction still to commit has
-- an id at or above that xmin, hence sorts after everything the reader took: no event can
-- later appear before a reader's cursor. See postgres.py (read_all) for the cursor.
--
-- Events recorded before this migration keep transaction id 0: they come first, in their
-- old (commit) order, and checkpoints taken before it still point at the right place.
ALTER TABLE events ADD COLUMN transaction_id xid8 NOT NULL DEFAULT '0';
ALTER TABLE events ALTER COLUMN transaction_id SET DEFAULT pg_current_xact_id();
CREATE INDEX events_feed ON events (transaction_id, position);

DROP FUNCTION chronicle_append(text, integer, text, timestamptz, text[], text[], text[], text[], bytea, text, text,
                               text, integer, bytea, text[]);
-- As in 0006, without the global lock. Two transaction-scoped locks, always in this order
-- (so two appends can never wait for each other in a cycle), in a key space of their own
-- (the two-integer form): the idempotency key's, so that two retries of one request never
-- both append (whatever stream they name), then the stream's, so that two appends to one
-- stream take turns and the second sees the first's version once it has committed (each
-- statement of a volatile function reads a fresh snapshot). A hash collision between two
-- streams only makes them take turns.
CREATE FUNCTION chronicle_append(
    p_stream      text,
    p_expected    integer,
    p_prev_hash   text,
    p_recorded_at timestamptz,
    p_types       text[],
    p_data        text[],
    p_actors      text[],
    p_hashes      text[],
    p_secret      bytea,
    p_idem_scope  text,
    p_idem_key    text,
    p_idem_hash   text,
    p_idem_status integer,
    p_idem_body   bytea,
    p_commands    text[]
) RETURNS TABLE (outcome text, actual integer, positions bigint[], replay_hash text, replay_status integer,
                 replay_body bytea)
LANGUAGE plpgsql AS $$
DECLARE
    v_version   integer;
    v_last_hash text;
    v_positions bigint[];
    v_count     integer := cardinality(p_types);
    v_ttl       double precision := coalesce(nullif(current_setting('chronicle.idempotency_ttl', true), ''),
                                             '86400')::double precision;
BEGIN
    IF p_idem_key IS NOT NULL THEN
        PERFORM pg_advisory_xact_lock(7700004, hashtext(p_idem_scope || '|' || p_idem_key));
    END IF;
    PERFORM pg_advisory_xact_lock(7700003, hashtext(p_stream));

    IF p_idem_key IS NOT NULL THEN
        RETURN QUERY SELECT 'replayed'::text, NULL::integer, NULL::bigint[], r.request_hash, r.status, r.body
                     FROM idempotent_responses r
                     WHERE r.scope = p_idem_scope AND r.key = p_idem_key AND r.expires_at > now();
        IF FOUND THEN
            RETURN;
        END IF;
    END IF;

    SELECT s.version, s.last_hash INTO v_version, v_last_hash FROM streams s WHERE s.stream_id = p_stream;
    IF coalesce(v_version, 0) <> p_expected
       OR coalesce(v_last_hash, repeat('0', 64)) <> p_prev_hash THEN
        RETURN QUERY SELECT 'conflict'::text, coalesce(v_version, 0), NULL::bigint[], NULL::text, NULL::integer,
                            NULL::bytea;
        RETURN;
    END IF;

    WITH inserted AS (
        INSERT INTO events (stream_id, version, type, data, actor, recorded_at, hash, prev_hash, command)
        SELECT p_stream, p_expected + u.n, u.t, u.d::jsonb, u.a, p_recorded_at, u.h,
               CASE WHEN u.n = 1 THEN p_prev_hash ELSE p_hashes[u.n - 1] END, u.c::jsonb
        FROM unnest(p_types, p_data, p_actors, p_hashes, p_commands) WITH ORDINALITY AS u(t, d, a, h, c, n)
        ORDER BY u.n
        RETURNING version, position
    )
    SELECT array_agg(position ORDER BY version) INTO v_positions FROM inserted;

    IF v_version IS NULL THEN
        INSERT INTO streams (stream_id, version, last_hash) VALUES (p_stream, p_expected + v_count, p_hashes[v_count]);
    ELSE
        UPDATE streams SET version = p_expected + v_count, last_hash = p_hashes[v_count], updated_at = now()
        WHERE stream_id = p_stream;
    END IF;

    IF p_secret IS NOT NULL THEN
        INSERT INTO stream_secrets (stream_id, server_seed) VALUES (p_stream, p_secret);
    END IF;

    IF p_idem_key IS NOT NULL THEN
        INSERT INTO idempotent_responses AS r (scope, key, request_hash, status, body, created_at, expires_at)
        VALUES (p_idem_scope, p_idem_key, p_idem_hash, p_idem_status, p_idem_body, now(),
                now() + make_interval(secs => v_ttl))
        ON CONFLICT (scope, key) DO UPDATE
        SET request_hash = excluded.request_hash, status = excluded.status, body = excluded.body,
            created_at = excluded.created_at, expires_at = excluded.expires_at
        WHERE r.expires_at <= now();
    END IF;

    RETURN QUERY SELECT 'appended'::text, p_expected + v_count, v_positions, NULL::text, NULL::integer, NULL::bytea;
END;
$$;
