-- Undo one batch of a change to a sorted set (README "Undo"), reading the batch from the
-- change's record (A) and keeping what reverses the undo under the undo's own record (B).
-- Only a member still as the change left it is touched; any other is left alone and
-- reported (and dropped from A, so a batch never comes back to it). Modes, by what the change did:
--   restore  members it removed go back with their scores (the set must not hold them)
--   remove   members it added are removed (still there with the score it gave them)
--   move     members it moved from KEYS[1] to KEYS[2] go back (still in KEYS[2] at the score
--            it gave them, and not in KEYS[1])
--   rescore  members it gave a new score get their old score back (if still at the new one)
--   unpush   members it pushed to a queue (as the payload of their 'p' item) come back from
--            that queue to the set; a payload no longer on the queue (a worker took it) stays
--   repush   members an unpush brought back are pushed again and leave the set
-- KEYS[1] the set the members go back to, KEYS[2] the other set of a move (else KEYS[1]),
-- KEYS[3] cogworker:queues
-- ARGV[1] mode, ARGV[2] A's prefix, ARGV[3] B's prefix, ARGV[4] when B expires (ms),
-- ARGV[5] members per batch, ARGV[6] the queue key prefix, ARGV[7] 'asc' or 'desc' (which
-- end of A's members first)
-- Reply: {members undone, members still to do, then per member left alone: reason, member}
local mode, from, to = ARGV[1], ARGV[2], ARGV[3]
local until_ms, n, queues = tonumber(ARGV[4]), tonumber(ARGV[5]), ARGV[6]
local set, other = KEYS[1], KEYS[2]
local batch
if ARGV[7] == 'desc' then
  batch = redis.call('ZRANGE', from .. 'z', -n, -1, 'WITHSCORES')
else
  batch = redis.call('ZRANGE', from .. 'z', 0, n - 1, 'WITHSCORES')
end
local order = {}
for i = 1, #batch, 2 do
  order[#order + 1] = i
end
if ARGV[7] == 'desc' then
  local r = {}
  for i = #order, 1, -1 do
    r[#r + 1] = order[i]
  end
  order = r
end

local done = 0
local left = {}
local function leave(member, why)
  left[#left + 1] = why
  left[#left + 1] = member
end

-- The item of kind `kind` among a member's side items (nil when there is none).
local function item(items, kind)
  for _, it in ipairs(items) do
    if it[1] == kind then
      return it
    end
  end
  return nil
end

local function peek_side(sha)
  local packed = redis.call('HGET', from .. 'side', sha)
  if not packed then
    return {}
  end
  return cmsgpack.unpack(packed)
end

for _, i in ipairs(order) do
  local m, s = batch[i], batch[i + 1]
  redis.call('ZREM', from .. 'z', m)
  local expected = nil
  if mode == 'move' or mode == 'rescore' then
    expected = redis.call('ZSCORE', from .. 'cur', m)
    redis.call('ZREM', from .. 'cur', m)
  end
  local sha = redis.sha1hex(m)
  if mode == 'restore' then
    if redis.call('ZSCORE', set, m) then
      leave(m, 'present')
    else
      redis.call('ZADD', set, s, m)
      redis.call('ZADD', to .. 'z', s, m)
      undo_put_side(to, sha, undo_side(from, to, sha, until_ms))
      done = done + 1
    end
  elseif mode == 'remove' then
    local cur = redis.call('ZSCORE', set, m)
    if not cur then
      leave(m, 'gone')
    elseif cur ~= s then
      leave(m, 'changed')
    else
      redis.call('ZREM', set, m)
      redis.call('ZADD', to .. 'z', s, m)
      undo_put_side(to, sha, undo_side(from, to, sha, until_ms))
      done = done + 1
    end
  elseif mode == 'move' then
    local cur = redis.call('ZSCORE', other, m)
    if not cur then
      leave(m, 'gone')
    elseif cur ~= expected then
      leave(m, 'changed')
    elseif redis.call('ZSCORE', set, m) then
      leave(m, 'present')
    else
      redis.call('ZREM', other, m)
      redis.call('ZADD', set, s, m)
      redis.call('ZADD', to .. 'z', cur, m)
      redis.call('ZADD', to .. 'cur', s, m)
      undo_put_side(to, sha, undo_side(from, to, sha, until_ms))
      done = done + 1
    end
  elseif mode == 'rescore' then
    local cur = redis.call('ZSCORE', set, m)
    if not cur then
      leave(m, 'gone')
    elseif cur ~= expected then
      leave(m, 'changed')
    else
      redis.call('ZADD', set, 'XX', s, m)
      redis.call('ZADD', to .. 'z', cur, m)
      redis.call('ZADD', to .. 'cur', s, m)
      done = done + 1
    end
  elseif mode == 'unpush' then
    local pushed = item(peek_side(sha), 'p')
    if redis.call('ZSCORE', set, m) then
      leave(m, 'present')
    elseif not pushed then
      leave(m, 'unknown')
    elseif redis.pcall('LREM', queues .. pushed[2], 1, pushed[3]) ~= 1 then
      leave(m, 'taken')
    else
      redis.call('ZADD', set, s, m)
      redis.call('ZADD', to .. 'z', s, m)
      local items = undo_side(from, to, sha, until_ms)
      for _, it in ipairs(items) do
        if it[1] == 'p' then
          it[1] = 'P'
        end
      end
      undo_put_side(to, sha, items)
      done = done + 1
    end
  elseif mode == 'repush' then
    local cur = redis.call('ZSCORE', set, m)
    local removed = item(peek_side(sha), 'P')
    if not cur then
      leave(m, 'gone')
    elseif cur ~= s then
      leave(m, 'changed')
    elseif not removed then
      leave(m, 'unknown')
    else
      local pushed = redis.pcall('LPUSH', queues .. removed[2], removed[3])
      if type(pushed) == 'table' and pushed.err then
        leave(m, pushed.err)
      else
        redis.call('ZREM', set, m)
        redis.pcall('SADD', KEYS[3], removed[2])
        redis.call('ZADD', to .. 'z', s, m)
        local items = undo_side(from, to, sha, until_ms)
        for _, it in ipairs(items) do
          if it[1] == 'P' then
            it[1] = 'p'
          end
        end
        undo_put_side(to, sha, items)
        done = done + 1
      end
    end
  end
end
undo_expire(to, until_ms, {'z', 'cur', 'side'})
local reply = {done, redis.call('ZCARD', from .. 'z')}
for _, v in ipairs(left) do
  reply[#reply + 1] = v
end
return reply
