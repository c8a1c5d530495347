-- Forks no longer count in player records (issue #12, fork farming): the battle list and
-- the player records are folded again from the event log by the projector at start-up.
TRUNCATE battle_list, player_records;
DELETE FROM projection_checkpoints WHERE name = 'battle-list';
