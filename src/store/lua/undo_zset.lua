-- Undo one batch of a change to a sorted set (README "Undo"), reading the batch from the
-- change's record (A) and keeping what reverses the undo under the undo's own record (B).
-- Only a member still as the change left it is touched; any other is left alone and
-- reported (and dropped from A, so a batch never comes back to it). Modes, by what the change did:
--   restore  members it removed go back with their scores (the set must not hold them). A's
--            members are read by rank from the cursor kept in B's record (ARGV[6]), not
--            removed one by one: when the last batch is done, A's list of members moves to B
--            whole (a rename), with the members left alone noted in B's `skip`
--            (an undo of this undo removes the others)
--   remove   members it added are removed (still there with the score it gave them)
--   move     members it moved from KEYS[1] to KEYS[2] go back (still in KEYS[2] at the score
--            it gave them, and not in KEYS[1])
--   rescore  members it gave a new score get their old score back (if still at the new one)
-- KEYS[1] the set the members go back to, KEYS[2] the other set of a move (else KEYS[1])
-- ARGV[1] mode, ARGV[2] A's prefix, ARGV[3] B's prefix, ARGV[4] when B expires (ms),
-- ARGV[5] members per batch, ARGV[6] B's record (restore)
-- Reply: {members undone, members still to do, then per member left alone: reason, member}
local mode, from, to = ARGV[1], ARGV[2], ARGV[3]
local until_ms, n = tonumber(ARGV[4]), tonumber(ARGV[5])
local set, other = KEYS[1], KEYS[2]
-- Most changes kept nothing beside the members (no attempts log, no lock): no SHA-1 then.
local has_side = redis.call('EXISTS', from .. 'side') == 1
local function side(m)
  if has_side then
    local sha = redis.sha1hex(m)
    undo_put_side(to, sha, undo_side(from, to, sha, until_ms))
  end
end

local done = 0
local left = {}
local function leave(member, why)
  left[#left + 1] = why
  left[#left + 1] = member
end

if mode == 'restore' then
  local record = ARGV[6]
  local cursor = tonumber(redis.call('HGET', record, 'cursor') or '0')
  local batch = redis.call('ZRANGE', from .. 'z', cursor, cursor + n - 1, 'WITHSCORES')
  for i = 1, #batch, 2 do
    local m, s = batch[i], batch[i + 1]
    if redis.call('ZSCORE', set, m) then
      leave(m, 'present')
      redis.call('SADD', to .. 'skip', m)
    else
      redis.call('ZADD', set, s, m)
      side(m)
      done = done + 1
    end
  end
  cursor = cursor + #batch / 2
  redis.call('HSET', record, 'cursor', cursor)
  local total = redis.call('ZCARD', from .. 'z')
  if cursor >= total and total > 0 then
    redis.call('RENAME', from .. 'z', to .. 'z')
  end
  undo_expire(to, until_ms, {'z', 'skip', 'side'})
  local reply = {done, math.max(0, total - cursor)}
  for _, v in ipairs(left) do
    reply[#reply + 1] = v
  end
  return reply
end

local batch = redis.call('ZRANGE', from .. 'z', 0, n - 1, 'WITHSCORES')
for i = 1, #batch, 2 do
  local m, s = batch[i], batch[i + 1]
  redis.call('ZREM', from .. 'z', m)
  local expected = nil
  if mode == 'move' or mode == 'rescore' then
    expected = redis.call('ZSCORE', from .. 'cur', m)
    redis.call('ZREM', from .. 'cur', m)
  end
  if mode == 'remove' then
    -- A member in `skip` was not put back by the undo this one undoes: not its to take.
    if redis.call('SISMEMBER', from .. 'skip', m) == 0 then
      local cur = redis.call('ZSCORE', set, m)
      if not cur then
        leave(m, 'gone')
      elseif cur ~= s then
        leave(m, 'changed')
      else
        redis.call('ZREM', set, m)
        redis.call('ZADD', to .. 'z', s, m)
        side(m)
        done = done + 1
      end
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
      side(m)
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
  end
end
undo_expire(to, until_ms, {'z', 'cur', 'side'})
local reply = {done, redis.call('ZCARD', from .. 'z')}
for _, v in ipairs(left) do
  reply[#reply + 1] = v
end
return reply
