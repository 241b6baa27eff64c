-- Start an undo of a record (README "Undo"), so that two operators never undo one change
-- twice: a record that can be undone is marked as being undone by the new record B; one
-- already being undone names its undoer (the undo is continued, with the same B); one
-- undone says by which record and when.
-- KEYS[1] the record's hash
-- ARGV[1] B's id, ARGV[2] now (epoch seconds)
-- Reply: {'begin', B} | {'continue', B} | {'undone', B, when} | {'missing'}
local state = redis.call('HGET', KEYS[1], 'state')
if not state then
  return {'missing'}
end
if state == 'open' or state == 'recording' then
  redis.call('HSET', KEYS[1], 'state', 'undoing', 'undone_by', ARGV[1], 'undone_at', ARGV[2])
  return {'begin', ARGV[1]}
end
local by = redis.call('HGET', KEYS[1], 'undone_by') or ''
if state == 'undoing' then
  return {'continue', by}
end
return {'undone', by, redis.call('HGET', KEYS[1], 'undone_at') or ''}
