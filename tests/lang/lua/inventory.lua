--- Inventory: a table-as-module with a class-like table.
local json = require("dkjson")
require "strict"

local Inventory = {}
Inventory.__index = Inventory

local DEFAULT_SIZE, MAX_SIZE = 8, 64
VERSION = "1.2"

-- Creates an inventory.
function Inventory.new(size)
  local self = setmetatable({}, Inventory)
  self.size = size or DEFAULT_SIZE
  self.items = {}
  return self
end

function Inventory:add(name, count)
  if #self.items >= self.size or count <= 0 then
    return false
  end
  self.items[#self.items + 1] = { name = name, count = count }
  return true
end

function Inventory:encode()
  return json.encode(self.items)
end

local function total(items)
  local n = 0
  for _, item in ipairs(items) do
    n = n + item.count
  end
  return n
end

local describe = function(inv)
  return string.format("%d items", total(inv.items))
end

Inventory.describe = function(self)
  return describe(self)
end

function util_helper() end

Inventory.handlers = {
  on_add = function(item) print(item) end,
}

return Inventory
