-- Undo `queue clear`: put the cleared jobs back on their queue (README "Undo"), in their
-- order and in front of every job pushed since (they were all waiting before those).
-- When the queue holds at most ARGV[3] jobs, in one step: those jobs move onto the head of
-- the saved list, which is renamed back to the queue — the queue then is exactly the cleared
-- list plus what came since. Else in batches: the saved jobs, newest first, RPUSHed at the
-- front of the line (the end state is the same; while it runs, a worker may take a restored
-- job before an older one arrives).
-- KEYS[1] the queue
-- ARGV[1] the record's prefix, ARGV[2] jobs the queue may hold for the one-step restore,
-- ARGV[3] jobs per batch
-- Reply: {jobs restored now, jobs still saved, jobs that were waiting on the queue (-1 when
-- restored in batches)}
local saved = ARGV[1] .. 'list'
local kind = redis.call('TYPE', KEYS[1]).ok
if kind ~= 'none' and kind ~= 'list' then
  return redis.error_reply('WRONGTYPE ' .. KEYS[1] .. ' is a ' .. kind .. ', not a list')
end
local n = redis.call('LLEN', saved)
if n == 0 then
  return {0, 0, 0}
end
local waiting = redis.call('LLEN', KEYS[1])
if waiting <= tonumber(ARGV[2]) then
  for _ = 1, waiting do
    redis.call('LMOVE', KEYS[1], saved, 'RIGHT', 'LEFT')
  end
  redis.call('RENAME', saved, KEYS[1])
  redis.call('PERSIST', KEYS[1])
  return {n, 0, waiting}
end
local items = redis.call('LRANGE', saved, 0, tonumber(ARGV[3]) - 1)
redis.call('RPUSH', KEYS[1], unpack(items))
redis.call('LTRIM', saved, #items, -1)
return {#items, redis.call('LLEN', saved), -1}
