-- FETCH (OPERATIONS §4.3): move the oldest job of the first non-empty queue, in the order
-- given, onto this process's in-progress list, in one step.
-- KEYS[1..n-1] the queues to try, in order; KEYS[n] this process's in-progress list
-- Reply: {queue key, raw job}, or nil when every queue is empty
local list = KEYS[#KEYS]
for i = 1, #KEYS - 1 do
  local job = redis.call('LMOVE', KEYS[i], list, 'RIGHT', 'LEFT')
  if job then
    return {KEYS[i], job}
  end
end
return false
