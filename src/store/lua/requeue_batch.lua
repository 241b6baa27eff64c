-- Claim-and-requeue for a batch (the gem's CLAIM_AND_REQUEUE, OPERATIONS §12.4, once per entry):
-- for each entry, if the exact raw member is still in the set, LPUSH the re-encoded job onto
-- its queue, then ZREM the raw member, then (best-effort) SADD the queue name.
-- KEYS[1] the sorted set (schedule, retry or dead), KEYS[2] cogworker:queues
-- ARGV[1] the queue key prefix, then per entry: raw member, queue name, new payload
-- Reply: per entry 1 (requeued), 0 (gone: someone else took it), or an error text (left in place)
local out = {}
local listed = {}
for i = 2, #ARGV, 3 do
  local raw, queue, payload = ARGV[i], ARGV[i + 1], ARGV[i + 2]
  if not redis.call('ZSCORE', KEYS[1], raw) then
    out[#out + 1] = 0
  else
    local pushed = redis.pcall('LPUSH', ARGV[1] .. queue, payload)
    if type(pushed) == 'table' and pushed.err then
      out[#out + 1] = pushed.err
    else
      redis.call('ZREM', KEYS[1], raw)
      if not listed[queue] then
        redis.pcall('SADD', KEYS[2], queue)
        listed[queue] = true
      end
      out[#out + 1] = 1
    end
  end
end
return out
