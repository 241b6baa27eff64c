-- The last step of a queue rebuilt beside itself (`queue dedupe`, and undoing an undo of it):
-- the rebuilt list S replaces the queue in one atomic step that carries over what happened
-- to the queue meanwhile. The queue was read as O, tail first; since then workers took the
-- O elements nearest the tail, jobs were pushed at the head (N) and put back at the tail (R).
-- This script finds, itself, the oldest O element still there (the candidate nearest the
-- tail, among those the caller saw last) and the newest one (the head anchor, by LPOS);
-- only if the queue's length is exactly N + the O elements left + R does it copy the N and
-- R jobs onto S's ends, cut from S's tail the kept elements workers took, keep the queue as
-- it was under the undo record (renamed, no copy) with the mask of what the rebuild left
-- out, and rename S over the queue. The mask is stored as `<N>:<O elements left>:<R>:`
-- followed by O's mask: the kept list is N unmasked jobs, then O's left elements (newest
-- first) as the mask says, then R unmasked jobs.
-- KEYS[1] the queue, KEYS[2] S, KEYS[3] where to keep the queue as it was ("" for nowhere:
-- it is freed), KEYS[4] where to keep the mask
-- ARGV[1] the newest O element, ARGV[2] how far from the head LPOS looks for it, ARGV[3]
-- how many elements from the tail to look at, ARGV[4] when the record expires (ms),
-- ARGV[5] the mask of O (bit i set: the i-th element of O from the newest was left out),
-- ARGV[6] the number of O elements, then per candidate: its bytes, its index in O (0 is the
-- oldest), how many kept elements of O are older than it
-- Reply: {1, N, index of the oldest O element left, R} when swapped; {0, why} when not
-- (nothing changed): 'tail' no candidate is left, 'head' the newest is further than
-- ARGV[2] from the head, 'length' the queue holds other changes (jobs deleted from it)
local q, s, pre, maskkey = KEYS[1], KEYS[2], KEYS[3], KEYS[4]
local m = tonumber(ARGV[6])
local found, r = rebuild_oldest_left(q, tonumber(ARGV[3]), 7)
if not found then
  return {0, 'tail'}
end
local j, trim = tonumber(ARGV[found + 1]), tonumber(ARGV[found + 2])
local n = redis.call('LPOS', q, ARGV[1], 'MAXLEN', tonumber(ARGV[2]))
if not n then
  return {0, 'head'}
end
if redis.call('LLEN', q) ~= n + (m - j) + r then
  return {0, 'length'}
end
if trim > 0 then
  redis.call('LTRIM', s, 0, -(trim + 1))
end
if n > 0 then
  local head = redis.call('LRANGE', q, 0, n - 1)
  rebuild_push('LPUSH', s, head, #head, 1, -1)
end
if r > 0 then
  local tail = redis.call('LRANGE', q, -r, -1)
  rebuild_push('RPUSH', s, tail, 1, #tail, 1)
end
if pre ~= '' then
  redis.call('RENAME', q, pre)
  redis.call('PEXPIREAT', pre, tonumber(ARGV[4]))
  local shape = n .. ':' .. (m - j) .. ':' .. r .. ':'
  redis.call('SET', maskkey, shape .. ARGV[5], 'PXAT', tonumber(ARGV[4]))
else
  redis.call('UNLINK', q)
end
if redis.call('EXISTS', s) == 1 then
  redis.call('RENAME', s, q)
  redis.call('PERSIST', q)
end
return {1, n, j, r}
