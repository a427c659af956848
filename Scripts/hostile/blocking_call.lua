-- A handler blocked inside one C call (run with --allow os): no hook can stop
-- it, so the watchdog restores the terminal and ends the process itself,
-- long before the call would return.
ui.after(10, function() os.execute("sleep 600") end)
return ui.screen { title = "Blocking call", ui.text "blocked" }
