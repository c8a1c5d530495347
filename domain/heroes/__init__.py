"""Heroes that live between encounters: a player's Pericle hero as an event-sourced record of
its own (created from a Handbook-valid sheet, brought into battles by id)."""
