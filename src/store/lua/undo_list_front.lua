-- Undo a queue rebuilt beside itself: push a batch of the jobs it left out that belong at
-- the front of the line now (every kept job that was ahead of them has been taken), in P's
-- order, at the tail — once: the record says how far the pushes went, and a batch goes only
-- from there.
-- KEYS[1] the queue, KEYS[2] the undo's record (hash)
-- ARGV[1] P's index the batch starts at, ARGV[2] the index after it, then the jobs
-- Reply: 1 when pushed, 0 when the record is elsewhere (nothing pushed)
local at = redis.call('HGET', KEYS[2], 'front_next')
if at ~= ARGV[1] then
  return 0
end
rebuild_push('RPUSH', KEYS[1], ARGV, 3, #ARGV, 1)
redis.call('HSET', KEYS[2], 'front_next', ARGV[2])
return 1
