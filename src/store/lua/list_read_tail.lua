-- Read a queue page by page from the tail (the next job a worker takes) towards the head,
-- while workers pop at the tail and the gem pushes at both ends: each page starts after the
-- last element read (the anchor), found where it is now — near where it was (pops move it
-- towards the tail, RPUSHes away from it), else by LPOS from the tail.
-- KEYS[1] the queue
-- ARGV[1] the anchor ("" to start at the tail), ARGV[2] its position from the tail when it
-- was read (1 is the tail), ARGV[3] elements to read, ARGV[4] how far to look around
-- Reply: {the anchor's position now (0 at the start, -1 when it is gone: taken by a
-- worker), the elements after it towards the head, nearest first}
local q = KEYS[1]
local anchor, guess = ARGV[1], tonumber(ARGV[2])
local k, w = tonumber(ARGV[3]), tonumber(ARGV[4])
local kind = redis.call('TYPE', q).ok
if kind ~= 'none' and kind ~= 'list' then
  return redis.error_reply('WRONGTYPE ' .. q .. ' is a ' .. kind .. ', not a list')
end
local len = redis.call('LLEN', q)
local at = 0
if anchor ~= '' then
  local lo = math.max(1, guess - w)
  local hi = math.min(len, guess + w)
  if lo <= hi then
    local items = redis.call('LRANGE', q, -hi, -lo)
    for j = 1, #items do
      local pos = hi - j + 1
      if items[j] == anchor and (at == 0 or math.abs(pos - guess) < math.abs(at - guess)) then
        at = pos
      end
    end
  end
  if at == 0 then
    local index = redis.call('LPOS', q, anchor, 'RANK', -1)
    if not index then
      return {-1, {}}
    end
    at = len - index
  end
end
local page = redis.call('LRANGE', q, -(at + k), -(at + 1))
local out = {}
for j = #page, 1, -1 do
  out[#out + 1] = page[j]
end
return {at, out}
