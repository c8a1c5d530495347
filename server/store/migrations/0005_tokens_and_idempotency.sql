-- Idempotency records keep no secret and do not last for ever:
--  * the responses stored for anonymous callers held bearer tokens in clear: they go;
--  * keys are stored as their SHA-256 (hex), never as sent (server/store/base.py hashed_key);
--  * each record expires (`expires_at`); lookups ignore an expired record, a new use of its key
--    replaces it, and the app prunes expired rows. Rows already here keep one day from creation.
DELETE FROM idempotent_responses WHERE scope LIKE 'anonymous:%';
UPDATE idempotent_responses SET key = encode(sha256(convert_to(key, 'UTF8')), 'hex');
ALTER TABLE idempotent_responses ADD COLUMN expires_at timestamptz;
UPDATE idempotent_responses SET expires_at = created_at + interval '1 day';
ALTER TABLE idempotent_responses ALTER COLUMN expires_at SET NOT NULL;
CREATE INDEX idempotent_responses_expires_at ON idempotent_responses (expires_at);

-- Bearer tokens: several per player, each with scopes, an optional expiry and a revocation
-- time. A token `ct1.<id>.<secret>` is found by id and its secret's SHA-256 compared in
-- constant time; a legacy token (the players.token_hash of before) is found by the SHA-256
-- of its whole text, as before, until it is rotated.
CREATE TABLE tokens (
    id          text PRIMARY KEY,
    player_id   text NOT NULL REFERENCES players (id),
    secret_hash text NOT NULL,
    legacy      boolean NOT NULL DEFAULT false,
    label       text,
    scopes      text[] NOT NULL,
    created_at  timestamptz NOT NULL,
    expires_at  timestamptz,
    revoked_at  timestamptz
);
CREATE UNIQUE INDEX tokens_legacy_secret_hash ON tokens (secret_hash) WHERE legacy;
CREATE INDEX tokens_player ON tokens (player_id, created_at);

INSERT INTO tokens (id, player_id, secret_hash, legacy, scopes, created_at)
SELECT gen_random_uuid()::text, id, token_hash, true, ARRAY['play', 'organise', 'read'], created_at FROM players;
ALTER TABLE players DROP COLUMN token_hash;

-- chronicle_append as in 0004, with the same signature, except for its idempotency record:
-- `p_idem_key` is the key's SHA-256; an expired record is ignored and replaced; a new record
-- lives for `chronicle.idempotency_ttl` seconds, a setting each app node gives its
-- connections (server/store/postgres.py), one day when absent.
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
    p_idem_body   bytea
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
    PERFORM pg_advisory_xact_lock(7700002);

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
        INSERT INTO events (stream_id, version, type, data, actor, recorded_at, hash, prev_hash)
        SELECT p_stream, p_expected + u.n, u.t, u.d::jsonb, u.a, p_recorded_at, u.h,
               CASE WHEN u.n = 1 THEN p_prev_hash ELSE p_hashes[u.n - 1] END
        FROM unnest(p_types, p_data, p_actors, p_hashes) WITH ORDINALITY AS u(t, d, a, h, n)
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
