-- Delete one waiting job by its exact bytes, as the Web UI does (every identical copy), then
-- release the locks it owns. A lock is deleted only while its value is this jid, and only
-- when the job was actually removed here: a job a worker fetched first still owns its lock.
-- With an undo record, each copy is kept there with the jobs around it (the one ahead of it
-- in line and the one behind it), and every lock released.
-- KEYS[1] cogworker:queue:<q>; KEYS[2..] the job's lock keys (unique, periodic running)
-- ARGV[1] the raw job; ARGV[2] its jid; ARGV[3] the undo record's prefix ("" keeps
-- nothing); ARGV[4] when it expires (ms)
-- Reply: {copies removed, locks released}
local raw, jid, prefix, until_ms = ARGV[1], ARGV[2], ARGV[3], tonumber(ARGV[4])
if prefix ~= '' then
  local found = redis.call('LPOS', KEYS[1], raw, 'COUNT', 0)
  for _, at in ipairs(found) do
    local ahead = redis.call('LINDEX', KEYS[1], at + 1) or ''
    local behind = ''
    if at > 0 then
      behind = redis.call('LINDEX', KEYS[1], at - 1) or ''
    end
    if ahead == raw then
      ahead = ''
    end
    if behind == raw then
      behind = ''
    end
    redis.call('RPUSH', prefix .. 'rm', undo_pack({raw, ahead, behind}))
  end
end
local removed = redis.call('LREM', KEYS[1], 0, raw)
local released = 0
if removed > 0 then
  local side = {}
  for i = 2, #KEYS do
    released = released + undo_release_noted(side, KEYS[i], jid)
  end
  if prefix ~= '' then
    undo_put_side(prefix, redis.sha1hex(raw), side)
    undo_expire(prefix, until_ms, {'rm', 'side'})
  end
end
return {removed, released}
