-- Shared fragment, prepended to the scripts that end a job by hand: delete a lock only while
-- it still holds this job's jid (owner-checked, KEYS.md §6.6). pcall: a lock key of another
-- type is left alone instead of failing the script. Returns 1 when the lock was deleted.
local function release_owned(lock, jid)
  if lock ~= '' and jid ~= '' and redis.pcall('GET', lock) == jid then
    redis.pcall('DEL', lock)
    return 1
  end
  return 0
end
