-- Shared fragment of the scripts that keep and undo cogctl's before-images (README "Undo").
-- A change keeps what it needs to be reversed under its record's prefix (cogctl:undo:<id>:),
-- never under a key the gem reads:
--   z     members and the score each one goes back to
--   cur   the score each member was left with (an undo acts only on what is still as left)
--   side  per member, by the SHA-1 of its bytes: what else the change did to it, packed with
--         cmsgpack as items {kind, key, jid, expiry ms or 0}: 'a' attempts log moved away
--         (to a:<sha>), 'A' attempts log in place, 'l' lock released, 't' lock taken
--   a:<sha>  an attempts log moved away, with its own expiry or the record's, whichever is sooner
-- Everything a record holds expires with it.
if redis.replicate_commands then
  redis.replicate_commands()
end
local undo_clock = redis.call('TIME')
local undo_now = tonumber(undo_clock[1]) * 1000 + math.floor(tonumber(undo_clock[2]) / 1000)

local function undo_expire(prefix, until_ms, parts)
  for _, part in ipairs(parts) do
    redis.call('PEXPIREAT', prefix .. part, until_ms)
  end
end

-- Move an attempts log under the record (no copy); its item, or nil when there is none.
local function undo_move_attempts(att, prefix, sha, until_ms)
  if att == '' or redis.call('EXISTS', att) == 0 then
    return nil
  end
  local pttl = redis.call('PTTL', att)
  local exp = 0
  if pttl > 0 then
    exp = undo_now + pttl
  end
  local dest = prefix .. 'a:' .. sha
  redis.call('RENAME', att, dest)
  if exp == 0 or exp > until_ms then
    redis.call('PEXPIREAT', dest, until_ms)
  end
  return {'a', att, '', exp}
end

-- Delete a lock only while it holds jid (owner-checked, KEYS.md §6.6); its expiry in ms
-- (0: none) when it was deleted, nil when it wasn't.
local function undo_release(lock, jid)
  if lock == '' or jid == '' or redis.pcall('GET', lock) ~= jid then
    return nil
  end
  local pttl = redis.call('PTTL', lock)
  redis.call('DEL', lock)
  if pttl > 0 then
    return undo_now + pttl
  end
  return 0
end

-- undo_release, noting the lock released as a side item; 1 when released, else 0.
local function undo_release_noted(side, lock, jid)
  local exp = undo_release(lock, jid)
  if exp then
    side[#side + 1] = {'l', lock, jid, exp}
    return 1
  end
  return 0
end

local function undo_put_side(prefix, sha, items)
  if #items > 0 then
    redis.call('HSET', prefix .. 'side', sha, cmsgpack.pack(items))
  end
end

-- What deleting a job does beside removing its member, kept to be undone: its attempts log
-- moved under the record, its locks released if it still owns them, noted under the member's
-- SHA-1 (taken only when there is something to note).
local function undo_keep_deleted(prefix, until_ms, raw, jid, att, locks)
  local sha = nil
  local side = {}
  if att ~= '' and redis.call('EXISTS', att) == 1 then
    sha = redis.sha1hex(raw)
    side[#side + 1] = undo_move_attempts(att, prefix, sha, until_ms)
  end
  for _, lock in ipairs(locks) do
    undo_release_noted(side, lock, jid)
  end
  if #side > 0 then
    undo_put_side(prefix, sha or redis.sha1hex(raw), side)
  end
end

-- Reverse what a change did beside the member itself; each item becomes the item that
-- reverses it in turn, kept under the undo's own record (`to`).
local function undo_side(from, to, sha, until_ms)
  local packed = redis.call('HGET', from .. 'side', sha)
  if not packed then
    return {}
  end
  redis.call('HDEL', from .. 'side', sha)
  local out = {}
  for _, it in ipairs(cmsgpack.unpack(packed)) do
    local kind, key, jid, exp = it[1], it[2], it[3], it[4]
    if kind == 'a' then
      local src = from .. 'a:' .. sha
      if redis.call('EXISTS', src) == 1 and redis.call('EXISTS', key) == 0 then
        redis.call('RENAME', src, key)
        if exp > 0 then
          redis.call('PEXPIREAT', key, exp)
        else
          redis.call('PERSIST', key)
        end
        out[#out + 1] = {'A', key, '', exp}
      end
    elseif kind == 'A' then
      local moved = undo_move_attempts(key, to, sha, until_ms)
      if moved then
        out[#out + 1] = moved
      end
    elseif kind == 'l' then
      if exp == 0 or exp > undo_now then
        local set
        if exp == 0 then
          set = redis.pcall('SET', key, jid, 'NX')
        else
          set = redis.pcall('SET', key, jid, 'NX', 'PXAT', exp)
        end
        if type(set) == 'table' and set.ok then
          out[#out + 1] = {'t', key, jid, exp}
        end
      end
    elseif kind == 't' then
      local released = undo_release(key, jid)
      if released then
        out[#out + 1] = {'l', key, jid, released}
      end
    else
      out[#out + 1] = it
    end
  end
  return out
end
