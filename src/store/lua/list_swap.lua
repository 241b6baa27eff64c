-- The last step of a queue rebuilt beside itself (`queue dedupe`, and undoing an undo of it):
-- the rebuilt list S replaces the queue in one atomic step, with what happened to the queue
-- meanwhile carried over. The queue was read as O (tail first); since then workers took the
-- O elements nearest the tail, jobs were pushed at the head (N) and put back at the tail
-- (R). The caller says how many of each it sees; only if the queue is exactly that — its
-- length, the newest element of O after the N jobs, the oldest one left before the R jobs —
-- are the N and R jobs copied onto S's ends, the kept elements of O already taken trimmed
-- from S's tail, and S renamed over the queue. The queue as it was is kept under the undo
-- record (renamed, no copy), with the mask of what the rebuild left out.
-- KEYS[1] the queue, KEYS[2] S, KEYS[3] where to keep the queue as it was ("" for nowhere),
-- KEYS[4] where to keep the mask
-- ARGV[1] the queue's length, ARGV[2] N, ARGV[3] the element expected at index N ("" when
-- no O element is left), ARGV[4] R, ARGV[5] the element expected at R from the tail ("" when
-- none), ARGV[6] elements to trim from S's tail, ARGV[7] when the record expires (ms),
-- ARGV[8] the mask (bit i set: element i of the kept list, from the head, was left out)
-- Reply: 1 when swapped, 0 when the queue is not as said (nothing changed)
local q, s, pre, maskkey = KEYS[1], KEYS[2], KEYS[3], KEYS[4]
local n, r, trim = tonumber(ARGV[2]), tonumber(ARGV[4]), tonumber(ARGV[6])
if redis.call('LLEN', q) ~= tonumber(ARGV[1]) then
  return 0
end
if ARGV[3] ~= '' and redis.call('LINDEX', q, n) ~= ARGV[3] then
  return 0
end
if ARGV[5] ~= '' and redis.call('LINDEX', q, -(r + 1)) ~= ARGV[5] then
  return 0
end
if trim > 0 then
  redis.call('LTRIM', s, 0, -(trim + 1))
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
if n > 0 then
  local head = redis.call('LRANGE', q, 0, n - 1)
  push('LPUSH', head, #head, 1, -1)
end
if r > 0 then
  local tail = redis.call('LRANGE', q, -r, -1)
  push('RPUSH', tail, 1, #tail, 1)
end
if pre ~= '' then
  if redis.call('EXISTS', q) == 1 then
    redis.call('RENAME', q, pre)
    redis.call('PEXPIREAT', pre, tonumber(ARGV[7]))
  end
  redis.call('SET', maskkey, ARGV[8], 'PXAT', tonumber(ARGV[7]))
else
  redis.call('UNLINK', q)
end
if redis.call('EXISTS', s) == 1 then
  redis.call('RENAME', s, q)
  redis.call('PERSIST', q)
end
return 1
