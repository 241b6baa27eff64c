-- Undo, for a batch of members (by the SHA-1 of their bytes), what a change did beside moving
-- them (attempts logs, locks), each item turned into the one that reverses it, kept under the
-- undo's own record: the side pass of undoing a whole set (undo_whole.lua).
-- ARGV[1] the record's prefix (A), ARGV[2] the undo's own prefix (B), ARGV[3] when B
-- expires (ms), then the SHA-1s
-- Reply: the number of members handled
local from, to, until_ms = ARGV[1], ARGV[2], tonumber(ARGV[3])
for i = 4, #ARGV do
  undo_put_side(to, ARGV[i], undo_side(from, to, ARGV[i], until_ms))
end
undo_expire(to, until_ms, {'side'})
return #ARGV - 3
