-- A small seeded PRNG (xorshift64*, Vigna 2014) in plain Lua 5.4 integer
-- arithmetic, so that a seed gives the same screens and storms on every
-- machine and Lua build; math.random's algorithm is not part of Lua's contract.
-- Used by the fuzz driver and, inside each app, by the random screen.
local Rng = {}
Rng.__index = Rng

function Rng.new(seed)
  -- Any seed (0 included) must give a non-zero state: mix it first (splitmix64).
  local z = (math.tointeger(seed) or 0) + 0x9E3779B97F4A7C15
  z = (z ~ (z >> 30)) * 0xBF58476D1CE4E5B9
  z = (z ~ (z >> 27)) * 0x94D049BB133111EB
  z = z ~ (z >> 31)
  return setmetatable({ state = z ~= 0 and z or 1 }, Rng)
end

-- The next 64 random bits, as an integer. `>>` is a logical shift in Lua 5.4.
function Rng:bits()
  local x = self.state
  x = x ~ (x >> 12)
  x = x ~ (x << 25)
  x = x ~ (x >> 27)
  self.state = x
  return x * 0x2545F4914F6CDD1D
end

-- An integer in 1…n.
function Rng:below(n)
  return (self:bits() >> 11) % n + 1
end

-- An integer in lo…hi.
function Rng:range(lo, hi)
  return lo + self:below(hi - lo + 1) - 1
end

-- True with probability p.
function Rng:chance(p)
  return (self:bits() >> 11) < p * (1 << 53)
end

-- A random element of an array.
function Rng:pick(array)
  return array[self:below(#array)]
end

return Rng
