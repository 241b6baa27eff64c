-- Shared fragment of the scripts that rebuild a queue beside itself (store/rebuild.rs).

-- LPUSH or RPUSH items[from..to] (by step) onto key, 1,000 at a time (unpack has limits).
local function rebuild_push(command, key, items, from, to, step)
  local chunk = {}
  for i = from, to, step do
    chunk[#chunk + 1] = items[i]
    if #chunk == 1000 then
      redis.call(command, key, unpack(chunk))
      chunk = {}
    end
  end
  if #chunk > 0 then
    redis.call(command, key, unpack(chunk))
  end
end

-- Of the candidates (the bytes at ARGV[first], ARGV[first + 3] …), the one nearest the tail
-- of the queue among its last `window` elements: its index in ARGV, and how many elements
-- are behind it (put back at the tail since); nil when none is there.
local function rebuild_oldest_left(q, window, first)
  local candidates = {}
  for i = first, #ARGV, 3 do
    candidates[ARGV[i]] = i
  end
  local elements = redis.call('LRANGE', q, -window, -1)
  for x = #elements, 1, -1 do
    local i = candidates[elements[x]]
    if i then
      return i, #elements - x
    end
  end
  return nil, 0
end
