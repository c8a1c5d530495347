-- GET /v1/heroes?player=: a player's heroes are the streams whose first event is a
-- `hero_created` naming them as owner (store.streams_founded).
CREATE INDEX events_founded_by_owner ON events (type, (data->>'owner'), position) WHERE version = 1;
