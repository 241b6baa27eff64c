-- After a whole set was deleted (delete_whole.lua): for a batch of its entries, what the
-- Web UI's delete does beside removing the member — the job's attempts log moved under the
-- undo record (not deleted), its unique and periodic locks released if it still owns them —
-- each noted in the record's `side` hash, so an undo puts them back.
-- ARGV[1] the undo record's prefix, ARGV[2] when it expires (ms); then per entry: raw member,
-- jid, attempts-log key or "", unique lock key or "", periodic running-lock key or ""
-- Reply: the number of entries seen
local prefix, until_ms = ARGV[1], tonumber(ARGV[2])
local n = 0
for i = 3, #ARGV, 5 do
  undo_keep_deleted(prefix, until_ms, ARGV[i], ARGV[i + 1], ARGV[i + 2], {ARGV[i + 3], ARGV[i + 4]})
  n = n + 1
end
undo_expire(prefix, until_ms, {'side'})
return n
