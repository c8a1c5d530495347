-- GET /v1/battles?player=: the battles in which a player holds a seat, by jsonb containment.
CREATE INDEX battle_list_seats ON battle_list USING gin ((summary->'seats') jsonb_path_ops);
