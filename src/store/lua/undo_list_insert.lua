-- Undo a `queue delete-job`: put each deleted job back in its place in line (README "Undo"),
-- the last deleted first: right behind the job that was ahead of it, else right ahead of the
-- job that was behind it, else (both gone: every job ahead of it has run) at the front of
-- the line. Its locks are taken again where no other job holds them.
-- KEYS[1] the queue
-- ARGV[1] the record's prefix (A), ARGV[2] the undo's own record's prefix (B), ARGV[3] when
-- B expires (ms), ARGV[4] jobs per batch
-- Reply: {jobs put back, jobs still to put back}
local q, from, to = KEYS[1], ARGV[1], ARGV[2]
local until_ms = tonumber(ARGV[3])
local kind = redis.call('TYPE', q).ok
if kind ~= 'none' and kind ~= 'list' then
  return redis.error_reply('WRONGTYPE ' .. q .. ' is a ' .. kind .. ', not a list')
end
local items = redis.call('LRANGE', from .. 'rm', -tonumber(ARGV[4]), -1)
redis.call('LTRIM', from .. 'rm', 0, -(#items + 1))
for i = #items, 1, -1 do
  local f = undo_fields(items[i])
  local raw, ahead, behind = f[1], f[2], f[3]
  local placed = false
  if ahead ~= '' and redis.call('LINSERT', q, 'BEFORE', ahead, raw) > 0 then
    placed = true
  end
  if not placed and behind ~= '' and redis.call('LINSERT', q, 'AFTER', behind, raw) > 0 then
    placed = true
  end
  if not placed then
    redis.call('RPUSH', q, raw)
  end
  local sha = redis.sha1hex(raw)
  undo_put_side(to, sha, undo_side(from, to, sha, until_ms))
  redis.call('LPUSH', to .. 'rm', undo_pack({raw}))
end
undo_expire(to, until_ms, {'rm', 'side'})
return {#items, redis.call('LLEN', from .. 'rm')}
