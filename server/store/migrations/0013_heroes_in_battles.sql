-- The outcome subscriber (server/hero_outcomes.py): which heroes entered a battle are the hero
-- streams holding a `hero_entered_battle` event naming it (store.heroes_in_battle). The events
-- are the record; this index only finds them, so nothing can disagree with the hero's history.
CREATE INDEX events_heroes_in_battle ON events ((data->>'battle_id'), position)
    WHERE type = 'hero_entered_battle';
