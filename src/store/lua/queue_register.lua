-- Register a queue after cogctl enqueue's pipelined LPUSH of plain jobs: SADD its name to
-- cogworker:queues only if its key is a list, so a push Redis refused (a key of the wrong type)
-- leaves no registration behind. The gem's client does the same SADD after its LPUSH.
-- KEYS[1] the queue key, KEYS[2] cogworker:queues; ARGV[1] the queue name
-- Reply: 1 if registered, 0 if not
if redis.call('TYPE', KEYS[1]).ok == 'list' then
  redis.call('SADD', KEYS[2], ARGV[1])
  return 1
end
return 0
