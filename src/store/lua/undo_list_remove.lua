-- Undo an undo of `queue delete-job` (or of `queue dedupe`): delete again each job it put
-- back, if it is still waiting, keeping (as the delete did) the jobs around it and the locks
-- it releases.
-- KEYS[1] the queue
-- ARGV[1] the record's prefix (A), ARGV[2] the undo's own record's prefix (B), ARGV[3] when
-- B expires (ms), ARGV[4] jobs per batch
-- Reply: {jobs deleted, jobs still to do, then per job left alone: reason, job}
local q, from, to = KEYS[1], ARGV[1], ARGV[2]
local until_ms = tonumber(ARGV[3])
local kind = redis.call('TYPE', q).ok
if kind ~= 'none' and kind ~= 'list' then
  return redis.error_reply('WRONGTYPE ' .. q .. ' is a ' .. kind .. ', not a list')
end
local items = redis.call('LRANGE', from .. 'rm', 0, tonumber(ARGV[4]) - 1)
redis.call('LTRIM', from .. 'rm', #items, -1)
local done = 0
local left = {}
for i = 1, #items do
  local raw = undo_fields(items[i])[1]
  local at = redis.call('LPOS', q, raw)
  if not at then
    left[#left + 1] = 'taken'
    left[#left + 1] = raw
  else
    local ahead = redis.call('LINDEX', q, at + 1) or ''
    local behind = ''
    if at > 0 then
      behind = redis.call('LINDEX', q, at - 1) or ''
    end
    redis.call('LREM', q, 1, raw)
    redis.call('RPUSH', to .. 'rm', undo_pack({raw, ahead, behind}))
    local sha = redis.sha1hex(raw)
    undo_put_side(to, sha, undo_side(from, to, sha, until_ms))
    done = done + 1
  end
end
undo_expire(to, until_ms, {'rm', 'side'})
local reply = {done, redis.call('LLEN', from .. 'rm')}
for _, v in ipairs(left) do
  reply[#reply + 1] = v
end
return reply
