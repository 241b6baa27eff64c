-- Push unique jobs as the gem's client pushes each one (KEYS.md §4.2, §6.6), every job whole
-- or not at all (cogctl enqueue sends plain jobs as plain LPUSH/ZADD commands; the unique ones
-- come here). The jobs come grouped by target (one queue, or the schedule), each group in
-- input order. Per group: the unique locks first (SET NX EX; a lock already held
-- makes its job a duplicate, for which nothing is written), then one LPUSH of the group's
-- payloads plus the SADD of its queue name — the list ends exactly as one LPUSH per job would
-- leave it — or one ZADD into the schedule. A write that fails (a key of the wrong type)
-- gives back the locks taken for it, so no lock is ever left for a job that isn't there.
-- KEYS[1] cogworker:schedule, KEYS[2] cogworker:queues
-- ARGV[1] the queue key prefix, then per group: target ("q" .. queue name, or "s"), n jobs,
--   m locks; the n payloads (for "s": n score, payload pairs); m locks, each
--   "<job index in the group, from 1> <ttl> <lock key> <jid>"
-- Reply: per group {1 or the error text (nothing of the group written), then for each
--   duplicate: its index in the group, the jid holding its lock ("" if unreadable)}
local out = {}
local i = 2
while i <= #ARGV do
  local target, n, m = ARGV[i], tonumber(ARGV[i + 1]), tonumber(ARGV[i + 2])
  local width = 1
  if target == 's' then
    width = 2
  end
  local first = i + 3
  local last = first + n * width - 1
  i = last + 1 + m
  local reply = {1}
  local held = {}
  local taken = {}
  for l = last + 1, last + m do
    local k, ttl, key, jid = string.match(ARGV[l], '^(%d+) (%d+) (%S+) (.*)$')
    if redis.call('SET', key, jid, 'NX', 'EX', ttl) then
      taken[#taken + 1] = key
    else
      k = tonumber(k)
      held[k] = true
      local holder = redis.pcall('GET', key)
      if type(holder) ~= 'string' then
        holder = ''
      end
      reply[#reply + 1] = k
      reply[#reply + 1] = holder
    end
  end
  if #reply < 1 + 2 * n then
    local key, command = KEYS[1], 'ZADD'
    if width == 1 then
      key, command = ARGV[1] .. string.sub(target, 2), 'LPUSH'
    end
    local written
    if #reply == 1 then
      written = redis.pcall(command, key, unpack(ARGV, first, last))
    else
      local values = {}
      for k = 1, n do
        if not held[k] then
          for w = 0, width - 1 do
            values[#values + 1] = ARGV[first + (k - 1) * width + w]
          end
        end
      end
      written = redis.pcall(command, key, unpack(values))
    end
    if type(written) == 'table' and written.err then
      for _, lock in ipairs(taken) do
        redis.call('DEL', lock)
      end
      reply[1] = written.err
    elseif width == 1 then
      redis.pcall('SADD', KEYS[2], string.sub(target, 2))
    end
  end
  out[#out + 1] = reply
end
return out
