-- The option ``always_ask`` of Coppertwaddle and Catan (true by default) asks a player holding
-- cards whether or not the hand holds something to answer with (Coppertwaddle: every answer,
-- Challenge, En Garde and robbing turn; Catan: an attack without a Ritter (Defensiv) in hand,
-- a discard of the last kind left), so that no question shows what a hand holds. Tables that
-- began before it existed were played without it, and so were the tables of tournaments under
-- way: they keep that (false), so that their logs replay to their snapshots and a tournament
-- keeps one rule for all its tables. A table still in its lobby, and a tournament not yet
-- started, take the new default.
-- Both dialects read these statements alike (substr, length, || and CASE); options are
-- compact JSON objects written by the repositories.

UPDATE tables
   SET options = CASE
           WHEN options = '{}' THEN '{"always_ask":false}'
           ELSE substr(options, 1, length(options) - 1) || ',"always_ask":false}'
       END
 WHERE game IN ('coppertwaddle', 'catan-deckbuilding') AND state IS NOT NULL
   AND options NOT LIKE '%"always_ask"%';

UPDATE tournaments
   SET options = CASE
           WHEN options = '{}' THEN '{"always_ask":false}'
           ELSE substr(options, 1, length(options) - 1) || ',"always_ask":false}'
       END
 WHERE game IN ('coppertwaddle', 'catan-deckbuilding') AND status IN ('running', 'finished')
   AND options NOT LIKE '%"always_ask"%';
