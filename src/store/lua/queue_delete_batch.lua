-- Delete a batch of waiting jobs, each by its exact bytes, found at the index where it was
-- read (LREM of each one would scan the whole queue once per job). Pushes at the head shift
-- every index by the same amount, so each job is looked for at its index plus the shift the
-- previous one showed, then in a window around it. A found job is overwritten with the
-- batch's tombstone (indexes stay put) and every tombstone is removed at the end, all inside
-- this script, so no worker ever sees one. Its locks are then released owner-checked.
-- With an undo record, each job is kept there with the jobs that were ahead of it and
-- behind it in line, and every lock released.
-- A job not found near its index is reported; the caller falls back to queue_delete.lua.
-- KEYS[1] cogworker:queue:<q>; KEYS[2..] lock keys, each job's in turn
-- ARGV[1] tombstone (never a job); ARGV[2] window; ARGV[3] the undo record's prefix (""
-- keeps nothing); ARGV[4] when it expires (ms); then per job: raw, index, jid, lock count
-- Reply: per job {found (0/1), locks released}
local key = KEYS[1]
local tomb = ARGV[1]
local window = tonumber(ARGV[2])
local prefix, until_ms = ARGV[3], tonumber(ARGV[4])
local length = redis.call('LLEN', key)
local shift = 0
local first, last, marked = nil, nil, 0
local found = {}
local at_index = {}
local jobs = (#ARGV - 4) / 4
for e = 0, jobs - 1 do
  local raw = ARGV[5 + e * 4]
  local want = tonumber(ARGV[6 + e * 4]) + shift
  local at = nil
  if want >= 0 and redis.call('LINDEX', key, want) == raw then
    at = want
  else
    local lo = math.max(0, want - window)
    local items = redis.call('LRANGE', key, lo, math.max(0, want + window))
    for j = 1, #items do
      local i = lo + j - 1
      if items[j] == raw and (at == nil or math.abs(i - want) < math.abs(at - want)) then
        at = i
      end
    end
  end
  if at then
    if prefix ~= '' then
      local ahead = redis.call('LINDEX', key, at + 1) or ''
      if ahead == tomb then
        ahead = ''
      end
      local behind = ''
      if at > 0 then
        behind = at_index[at - 1] or redis.call('LINDEX', key, at - 1) or ''
      end
      redis.call('RPUSH', prefix .. 'rm', undo_pack({raw, ahead, behind}))
    end
    redis.call('LSET', key, at, tomb)
    at_index[at] = raw
    shift = at - tonumber(ARGV[6 + e * 4])
    first = math.min(first or at, at)
    last = math.max(last or at, at)
    marked = marked + 1
    found[e + 1] = true
  end
end
if marked > 0 then
  -- Scan from the nearer end; the count stops the scan at the last tombstone.
  if first < length - 1 - last then
    redis.call('LREM', key, marked, tomb)
  else
    redis.call('LREM', key, -marked, tomb)
  end
end
local reply = {}
local lock = 2
for e = 0, jobs - 1 do
  local raw = ARGV[5 + e * 4]
  local jid = ARGV[7 + e * 4]
  local locks = tonumber(ARGV[8 + e * 4])
  local released = 0
  if found[e + 1] then
    local side = {}
    for i = lock, lock + locks - 1 do
      released = released + undo_release_noted(side, KEYS[i], jid)
    end
    if prefix ~= '' then
      undo_put_side(prefix, redis.sha1hex(raw), side)
    end
  end
  lock = lock + locks
  reply[e + 1] = {found[e + 1] and 1 or 0, released}
end
if prefix ~= '' and marked > 0 then
  undo_expire(prefix, until_ms, {'rm', 'side'})
end
return reply
