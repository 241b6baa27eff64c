-- Claim-and-requeue for a batch (the gem's CLAIM_AND_REQUEUE, OPERATIONS §12.4, once per entry):
-- for each entry, if the exact raw member is still in the set, LPUSH the re-encoded job onto
-- its queue, then ZREM the raw member, then (best-effort) SADD the queue name. With an undo
-- record, each entry done is kept there, in the order pushed, as four elements of its list
-- `pushed`: the member, its score, the queue and the payload pushed for it (one RPUSH for
-- each 1,000 entries, and no string built: the script's arguments are pushed as they are).
-- KEYS[1] the sorted set (schedule, retry or dead), KEYS[2] cogworker:queues
-- ARGV[1] the undo record's prefix ("" keeps nothing), ARGV[2] when it expires (ms),
-- ARGV[3] the queue key prefix, then per entry: raw member, queue name, new payload
-- Reply: per entry 1 (requeued), 0 (gone: someone else took it), or an error text (left in place)
local prefix, until_ms, queues = ARGV[1], tonumber(ARGV[2]), ARGV[3]
local out = {}
local listed = {}
local kept = {}
for i = 4, #ARGV, 3 do
  local raw, queue, payload = ARGV[i], ARGV[i + 1], ARGV[i + 2]
  local score = redis.call('ZSCORE', KEYS[1], raw)
  if not score then
    out[#out + 1] = 0
  else
    local pushed = redis.pcall('LPUSH', queues .. queue, payload)
    if type(pushed) == 'table' and pushed.err then
      out[#out + 1] = pushed.err
    else
      redis.call('ZREM', KEYS[1], raw)
      if not listed[queue] then
        redis.pcall('SADD', KEYS[2], queue)
        listed[queue] = true
      end
      if prefix ~= '' then
        kept[#kept + 1] = raw
        kept[#kept + 1] = score
        kept[#kept + 1] = queue
        kept[#kept + 1] = payload
      end
      out[#out + 1] = 1
    end
  end
end
if #kept > 0 then
  -- In pieces: unpack can't give Lua's stack more than a few thousand values.
  for from = 1, #kept, 4000 do
    redis.call('RPUSH', prefix .. 'pushed', unpack(kept, from, math.min(from + 3999, #kept)))
  end
  undo_expire(prefix, until_ms, {'pushed'})
end
return out
