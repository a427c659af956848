-- test.open's args and env: a screen's ui.args and the only variables ui.env reads.

test.case("inputs: args become ui.args, env names the variables ui.env reads", function()
  local app = test.open("Scripts/tests/fixtures/inputs.lua", { size = "50x6", args = { "a b", "--c" }, env = { GREETING = "hi" } })
  app:expect("args: a b | --c")
  app:expect("GREETING: hi")
  app:expect("HOME hidden")
end)

test.case("inputs: a variable named but unset reads nil; without env nothing is named", function()
  local unset = test.open("Scripts/tests/fixtures/inputs.lua", { size = "50x6", env = { GREETING = false } })
  unset:expect("GREETING: nil")
  local none = test.open("Scripts/tests/fixtures/inputs.lua", { size = "50x6" })
  none:expect("GREETING: not named")
  assert(none:line(3) == " args:", "no arguments: " .. none:line(3))
end)
