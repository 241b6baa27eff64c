-- Shared fragment: the elements cogctl writes to a record's lists (`rm`, `jobs`) are fields
-- packed as `<length>:<bytes>` one after another (binary-safe; Rust writes them too).
local function undo_fields(packed)
  local out = {}
  local at = 1
  while at <= #packed do
    local colon = string.find(packed, ':', at, true)
    if not colon then
      break
    end
    local len = tonumber(string.sub(packed, at, colon - 1))
    out[#out + 1] = string.sub(packed, colon + 1, colon + len)
    at = colon + len + 1
  end
  return out
end

local function undo_pack(fields)
  local parts = {}
  for i, f in ipairs(fields) do
    parts[i] = #f .. ':' .. f
  end
  return table.concat(parts)
end
