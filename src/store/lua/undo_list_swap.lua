-- Undo a queue rebuilt beside itself (`queue dedupe`): the last step. S is an exact copy of
-- the kept list P (the queue as it was) from its head down to index ARGV[4]. This script
-- finds, itself, the oldest kept job of P still on the queue (the candidate nearest the
-- tail, among those the caller saw last) and the newest (the head anchor, by LPOS); only if
-- the queue's length is exactly N (jobs pushed since) + the kept jobs left + R (jobs put
-- back at the tail since) does it extend S with the rest of P down to that oldest job (every
-- job of P down to there: kept ones not taken, and left-out ones), copy the N and R jobs
-- onto S's ends, and rename S over the queue. P and its mask move to the undo's own record
-- (so the undo can be undone), with no expiry until the left-out jobs older than that oldest
-- job — whose place in line is now the front — are pushed there (undo_list_front.lua), from
-- index `front_next`, which this step sets.
-- KEYS[1] the queue, KEYS[2] S, KEYS[3] P, KEYS[4] P's mask, KEYS[5] and KEYS[6] where P and
-- the mask go, KEYS[7] the undo's own record
-- ARGV[1] the newest kept job of P (or 'keep': no kept job is left on the queue, only move P
-- and its mask, the front starting at 0), ARGV[2] how far from the head LPOS looks for it,
-- ARGV[3] how many elements from the tail to look at, ARGV[4] the last index of P that S
-- holds (-1: none), then per candidate: its bytes, its index in P, how many kept jobs P
-- holds down to it
-- Reply: {1, index of the oldest kept job left} when swapped; {0, why} when not (nothing
-- changed): 'tail', 'head' or 'length', as list_swap.lua
local q, s = KEYS[1], KEYS[2]
local function keep_p(front)
  if redis.call('EXISTS', KEYS[3]) == 1 then
    redis.call('RENAME', KEYS[3], KEYS[5])
    redis.call('PERSIST', KEYS[5])
  end
  if redis.call('EXISTS', KEYS[4]) == 1 then
    redis.call('RENAME', KEYS[4], KEYS[6])
    redis.call('PERSIST', KEYS[6])
  end
  redis.call('HSET', KEYS[7], 'front_next', front)
end
if ARGV[1] == 'keep' then
  keep_p(0)
  return {1, -1}
end
local found, r = rebuild_oldest_left(q, tonumber(ARGV[3]), 5)
if not found then
  return {0, 'tail'}
end
local k, alive = tonumber(ARGV[found + 1]), tonumber(ARGV[found + 2])
local n = redis.call('LPOS', q, ARGV[1], 'MAXLEN', tonumber(ARGV[2]))
if not n then
  return {0, 'head'}
end
if redis.call('LLEN', q) ~= n + alive + r then
  return {0, 'length'}
end
local built = tonumber(ARGV[4])
if k < built then
  return {0, 'built'}
end
if k > built then
  local rest = redis.call('LRANGE', KEYS[3], built + 1, k)
  rebuild_push('RPUSH', s, rest, 1, #rest, 1)
end
if n > 0 then
  local head = redis.call('LRANGE', q, 0, n - 1)
  rebuild_push('LPUSH', s, head, #head, 1, -1)
end
if r > 0 then
  local tail = redis.call('LRANGE', q, -r, -1)
  rebuild_push('RPUSH', s, tail, 1, #tail, 1)
end
redis.call('UNLINK', q)
if redis.call('EXISTS', s) == 1 then
  redis.call('RENAME', s, q)
  redis.call('PERSIST', q)
end
keep_p(k + 1)
return {1, k}
