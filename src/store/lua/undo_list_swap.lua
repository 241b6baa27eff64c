-- Undo a queue rebuilt beside itself (`queue dedupe`): the last step. The caller has built S
-- from the kept list P (the queue as it was) down to the oldest job of the rebuilt queue that
-- no worker has taken yet (every job left out by the rebuild, and every job kept and not yet
-- taken, in P's order). Only if the queue is exactly as the caller says — its length, the
-- newest kept job after the N jobs pushed since, that oldest job before the R jobs put back
-- at the tail since — are the jobs taken meanwhile (and only they) cut from S's tail, the N
-- and R jobs copied onto S's ends, and S renamed over the queue. P and its mask move to the
-- undo's own record (so the undo can be undone); P stays there, with no expiry, until the
-- jobs left out that now belong at the front of the line are pushed there (batches of
-- undo_list_front.lua).
-- KEYS[1] the queue, KEYS[2] S, KEYS[3] P, KEYS[4] P's mask, KEYS[5] and KEYS[6] where P and
-- the mask go
-- ARGV[1] the queue's length (or 'keep': only move P and its mask), ARGV[2] N, ARGV[3] the element expected at index N ("" when
-- none), ARGV[4] R, ARGV[5] the element expected at R from the tail ("" when none),
-- ARGV[6] elements to pop from S's tail, then the elements to push back on it, in order
-- Reply: 1 when swapped, 0 when the queue is not as said (nothing changed)
local q, s = KEYS[1], KEYS[2]
local n, r, pop = tonumber(ARGV[2]), tonumber(ARGV[4]), tonumber(ARGV[6])
local function keep_p()
  if redis.call('EXISTS', KEYS[3]) == 1 then
    redis.call('RENAME', KEYS[3], KEYS[5])
    redis.call('PERSIST', KEYS[5])
  end
  if redis.call('EXISTS', KEYS[4]) == 1 then
    redis.call('RENAME', KEYS[4], KEYS[6])
    redis.call('PERSIST', KEYS[6])
  end
end
if ARGV[1] == 'keep' then
  -- No kept job is left on the queue: nothing to swap, every job left out goes to the front.
  keep_p()
  return 1
end
if redis.call('LLEN', q) ~= tonumber(ARGV[1]) then
  return 0
end
if ARGV[3] ~= '' and redis.call('LINDEX', q, n) ~= ARGV[3] then
  return 0
end
if ARGV[5] ~= '' and redis.call('LINDEX', q, -(r + 1)) ~= ARGV[5] then
  return 0
end
if pop > 0 then
  redis.call('LTRIM', s, 0, -(pop + 1))
end
local function push(command, items, from, to, step)
  local chunk = {}
  for i = from, to, step do
    chunk[#chunk + 1] = items[i]
    if #chunk == 1000 then
      redis.call(command, s, unpack(chunk))
      chunk = {}
    end
  end
  if #chunk > 0 then
    redis.call(command, s, unpack(chunk))
  end
end
push('RPUSH', ARGV, 7, #ARGV, 1)
if n > 0 then
  local head = redis.call('LRANGE', q, 0, n - 1)
  push('LPUSH', head, #head, 1, -1)
end
if r > 0 then
  local tail = redis.call('LRANGE', q, -r, -1)
  push('RPUSH', tail, 1, #tail, 1)
end
redis.call('UNLINK', q)
if redis.call('EXISTS', s) == 1 then
  redis.call('RENAME', s, q)
  redis.call('PERSIST', q)
end
keep_p()
return 1
