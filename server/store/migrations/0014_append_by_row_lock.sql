-- Issue #19: less work in Postgres per append (same signature, same results as 0008).
--
-- 0008 took an advisory lock on the stream, read its row, then inserted or updated it. Here the
-- stream's row is its own lock: the conditional UPDATE (or, for a new stream, the INSERT ... ON
-- CONFLICT DO NOTHING) waits for any other append to the stream to end and then checks the row
-- that append left (READ COMMITTED re-checks the WHERE clause on the newest row version), so
-- two appends at one version still cannot both succeed, and no statement reads the row first.
-- The idempotency key keeps its advisory lock, taken first as before (so two locks are always
-- taken in the same order), because its record does not exist until the end.
-- A single event, nearly every command, is inserted by a plain INSERT ... VALUES rather than
-- through unnest and array_agg.
CREATE OR REPLACE FUNCTION chronicle_append(
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
    v_positions bigint[];
    v_count     integer := cardinality(p_types);
    v_ttl       double precision;
BEGIN
    IF p_idem_key IS NOT NULL THEN
        PERFORM pg_advisory_xact_lock(7700004, hashtext(p_idem_scope || '|' || p_idem_key));
        RETURN QUERY SELECT 'replayed'::text, NULL::integer, NULL::bigint[], r.request_hash, r.status, r.body
                     FROM idempotent_responses r
                     WHERE r.scope = p_idem_scope AND r.key = p_idem_key AND r.expires_at > now();
        IF FOUND THEN
            RETURN;
        END IF;
    END IF;

    IF p_expected = 0 THEN
        IF p_prev_hash = repeat('0', 64) THEN
            INSERT INTO streams (stream_id, version, last_hash) VALUES (p_stream, v_count, p_hashes[v_count])
            ON CONFLICT (stream_id) DO NOTHING;
        END IF;
    ELSE
        UPDATE streams SET version = p_expected + v_count, last_hash = p_hashes[v_count], updated_at = now()
        WHERE stream_id = p_stream AND version = p_expected AND last_hash = p_prev_hash;
    END IF;
    IF NOT FOUND THEN
        RETURN QUERY SELECT 'conflict'::text,
                            coalesce((SELECT s.version FROM streams s WHERE s.stream_id = p_stream), 0),
                            NULL::bigint[], NULL::text, NULL::integer, NULL::bytea;
        RETURN;
    END IF;

    IF v_count = 1 THEN
        INSERT INTO events (stream_id, version, type, data, actor, recorded_at, hash, prev_hash, command)
        VALUES (p_stream, p_expected + 1, p_types[1], p_data[1]::jsonb, p_actors[1], p_recorded_at, p_hashes[1],
                p_prev_hash, p_commands[1]::jsonb)
        RETURNING ARRAY[position] INTO v_positions;
    ELSE
        WITH inserted AS (
            INSERT INTO events (stream_id, version, type, data, actor, recorded_at, hash, prev_hash, command)
            SELECT p_stream, p_expected + u.n, u.t, u.d::jsonb, u.a, p_recorded_at, u.h,
                   CASE WHEN u.n = 1 THEN p_prev_hash ELSE p_hashes[u.n - 1] END, u.c::jsonb
            FROM unnest(p_types, p_data, p_actors, p_hashes, p_commands) WITH ORDINALITY AS u(t, d, a, h, c, n)
            ORDER BY u.n
            RETURNING version, position
        )
        SELECT array_agg(position ORDER BY version) INTO v_positions FROM inserted;
    END IF;

    IF p_secret IS NOT NULL THEN
        INSERT INTO stream_secrets (stream_id, server_seed) VALUES (p_stream, p_secret);
    END IF;

    IF p_idem_key IS NOT NULL THEN
        v_ttl := coalesce(nullif(current_setting('chronicle.idempotency_ttl', true), ''), '86400')::double precision;
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
