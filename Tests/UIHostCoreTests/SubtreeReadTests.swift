import XCTest
@testable import UIHostCore

/// Handlers that write into containers (a child hidden, replaced, added or
/// removed, all children replaced, a size changed, a tab switched, a field's
/// value set), on screens of nested containers, many of a fixed size: the
/// host that reads only what changed (`Compositor.update`) must give the
/// frame, cell for cell, and the errors the host that reads everything
/// gives, after every edit and after the keys, clicks and wheel turns that
/// follow (focus, hit-testing and scrolling over subtrees read again). Most
/// edits must be read in part: the count is printed and checked.
final class SubtreeReadTests: XCTestCase {
    private var scratch = ScratchDirectory(prefix: "uih-subtree-reads")

    override func tearDown() {
        scratch.remove()
    }

    /// A screen of random nested containers, and an `edit()` that F5 runs:
    /// both draw from one generator seeded in the script, so the two hosts
    /// build and edit alike.
    static func script(seed: Int) -> String {
        """
        local seed = \(seed)
        local function rand(n) seed = (seed * 1103515245 + 12345) % 2147483648; return seed // 65536 % n + 1 end
        local words = { "a", "lorem ipsum", "日本語のテキスト", string.rep("wide ", 14), "", "b" }
        local all, containers, texts, inputs, tabsList, tabList, tops, grown = {}, {}, {}, {}, {}, {}, {}, 0
        local sent = ui.text "nothing sent"
        local function note(c) all[#all + 1] = c; return c end
        local function pick(list) if #list > 0 then return list[rand(#list)] end end
        local function text() local t = note(ui.text(words[rand(#words)])); texts[#texts + 1] = t; return t end
        local function leaf()
          local r = rand(7)
          if r == 1 then
            return note(ui.button { title = "b" .. rand(99), onSelect = function(self) self.title = self.title .. "!" end })
          elseif r == 2 then
            local i = note(ui.input { value = words[rand(#words)] }); inputs[#inputs + 1] = i; return i
          elseif r == 3 and rand(2) == 1 then
            -- Focus handlers that write: a focus move reads what they wrote.
            return note(ui.checkbox { title = "f" .. rand(9),
              onFocus = function(self) self.title = "focused " .. rand(9); sent.text = "in " .. rand(99) end,
              onBlur = function() local t = pick(texts); if t then t.text = words[rand(#words)] end end })
          elseif r == 3 then
            return note(ui.checkbox { title = "c" .. rand(9) })
          elseif r == 5 and rand(2) == 1 then
            -- Popups: opening, moving in and choosing read their owner; a choice writes.
            return note(ui.dropdown { items = {
              { id = "x", title = "ex", onSelect = function() sent.text = "chose x " .. rand(99) end },
              { id = "y", title = words[rand(#words)] } } })
          elseif r == 5 and rand(2) == 1 then
            return note(ui.picker { items = { "p", "q", "r" }, onChange = function(item) local t = pick(texts); if t then t.text = item end end })
          elseif r == 4 and rand(2) == 1 then
            -- A spinner: a subtree read again may start or stop the clock's redraws.
            return note(ui.progress { label = "wait" })
          end
          return text()
        end
        local function container(depth)
          local kids = {}
          for i = 1, rand(4) do kids[i] = (depth < 3 and rand(3) == 1) and container(depth + 1) or leaf() end
          local r, c = rand(6), nil
          if r == 6 then
            -- Enter in a field moves on or submits: the form finds its fields after a read in part.
            kids.onSubmit = function(values) sent.text = "sent " .. tostring(values and next(values)) .. " " .. rand(99) end
            c = ui.form(kids)
          elseif r == 1 then c = ui.vstack(kids)
          elseif r == 2 then c = ui.hstack(kids)
          elseif r == 3 then c = ui.scroll(kids)
          elseif r == 4 then c = ui.box(kids)
          else
            local one, two = ui.tab { title = "one" }, ui.tab { title = "two" }
            for i, k in ipairs(kids) do one[i] = k end
            two[1] = text(); two[2] = leaf()
            tabList[#tabList + 1] = one; tabList[#tabList + 1] = two
            c = ui.tabs { one, two }
            tabsList[#tabsList + 1] = c
            note(c)
            if rand(2) == 1 then c.height = rand(8) + 2 end
            return c
          end
          if rand(3) ~= 1 then c.height = rand(6) + 1 end
          containers[#containers + 1] = c
          return note(c)
        end
        local function edit()
          -- Every third edit also grows or shrinks a text at the top level
          -- (the screen places its children again), drawing nothing from `rand`.
          grown = grown + 1
          if grown % 3 == 0 then
            local t = tops[grown % #tops + 1]
            t.text = #t.text > 20 and "one row" or string.rep("rows of a top text ", grown % 4 + 1)
          end
          local r = rand(12)
          if r == 1 then local t = pick(texts); if t then t.text = words[rand(#words)] end
          elseif r == 2 then local c = pick(all); if c then c.hidden = not c.hidden end
          elseif r == 3 then local c = pick(containers); if c and #c > 0 then c[rand(#c)] = leaf() end
          elseif r == 4 then local c = pick(containers); if c then c[#c + 1] = leaf() end
          elseif r == 5 and rand(4) == 1 then
            -- A bad child: its problem shows until a later edit replaces or removes it.
            local c = pick(containers); if c then c[#c + 1] = 42 end
          elseif r == 5 then local c = pick(containers); if c then table.remove(c, 1) end
          elseif r == 6 then local c = pick(containers); if c then c.height = rand(8) end
          elseif r == 7 then local c = pick(tabsList); if c then c.selected = rand(2) end
          elseif r == 8 then local i = pick(inputs); if i then i.value = words[rand(#words)] end
          elseif r == 9 then
            local c = pick(containers)
            if c then for i = #c, 1, -1 do rawset(c, i, nil) end; c[1] = leaf(); c[2] = text() end
          elseif r == 10 then local t = pick(tabList); if t then t.title = words[rand(#words)] end
          elseif r == 12 then local t = tops[rand(#tops)]; t.text = #t.text > 20 and "one row" or string.rep("rows of a top text ", rand(4))
          else local t = pick(texts); if t then t.text = (t.text or "") .. " more" end
          end
        end
        local screen = ui.screen { title = "Subtrees", sent,
          onKey = function(key) if key == "f5" then edit(); return true end end }
        for i = 1, 5 do
          screen[#screen + 1] = container(1)
          tops[i] = text()
          screen[#screen + 1] = tops[i]
        end
        -- A timer that writes a text now and then: read alone, as a handler's writes.
        ui.every(300, function() if rand(3) == 1 then local t = pick(texts); if t then t.text = words[rand(#words)] end end end)
        return screen
        """
    }

    func testEditsInsideContainersReadTheirSubtreesAndDrawTheWholeFrame() throws {
        var edits = 0, partial = 0, subtrees = 0, compared = 0, focusMoves = 0, popupFrames = 0, problemFrames = 0
        var inPlace = 0
        for seed in 1...100 {
            let path = try scratch.write("screen\(seed).lua", SubtreeReadTests.script(seed: seed))
            var rng = RNG(seed: UInt64(seed) &* 0x9E37_79B9)
            let size = Size(cols: 30 + rng.below(60), rows: 10 + rng.below(30))
            let (part, whole) = try partAndWholeHosts(script: path, size: size)
            var events: [String] = []
            func same() -> Bool {
                compared += 1
                if part.popup != nil { popupFrames += 1 }
                if part.banner != nil { problemFrames += 1 }
                let a = part.render(), b = whole.render()
                if a == b, part.errors == whole.errors { return true }
                XCTFail("seed \(seed): after \(events.joined(separator: ", ")) the frame read in part is not the frame read whole\n"
                        + "in part:\n\(a.text)\nwhole:\n\(b.text)\nerrors: \(part.errors) / \(whole.errors)")
                return false
            }
            guard same() else { return }
            for _ in 0..<60 {
                var event: Event
                let roll = rng.below(100)
                if roll < 55 {
                    event = .key(.function(5))
                    events.append("edit")
                } else if roll < 65 {
                    let key = rng.pick([Key.tab, .shiftTab, .up, .down, .left, .right])
                    event = .key(key)
                    events.append(key.name)
                } else if roll < 75 {
                    let key = rng.pick([Key.character("x"), .character("日"), .backspace, .enter, .space, .esc])
                    event = .key(key)
                    events.append(key.name)
                } else if roll < 82 {
                    let ms = rng.pick([16, 100, 700])
                    event = .tick(ms)
                    events.append("tick \(ms)")
                } else if let layer = part.topLayer, !layer.focusables.isEmpty {
                    // Where the part-reading host places a control: the whole
                    // host must find the same one there.
                    let r = rng.pick(layer.focusables).hitRect()
                    let x = r.x + rng.below(max(r.width, 1)), y = r.y + rng.below(max(r.height, 1))
                    let kind: MouseEvent.Kind = roll < 93 ? .press : .scroll(rng.pick([1, -1, 3]))
                    event = .mouse(MouseEvent(kind, column: x + 1, row: y + 1))
                    events.append("mouse \(x),\(y)")
                    if case .press = kind {
                        part.send(event)
                        whole.send(event)
                        event = .mouse(MouseEvent(.release, column: x + 1, row: y + 1))
                    }
                } else {
                    let ms = rng.pick([16, 100, 700])
                    event = .tick(ms)
                    events.append("tick \(ms)")
                }
                let before = part.compositor.scriptUpdates, subtreesBefore = part.compositor.subtreeUpdates
                part.send(event)
                whole.send(event)
                guard same() else { return }
                if case .key(.function(5)) = event {
                    edits += 1
                    if part.compositor.scriptUpdates > before { partial += 1 }
                    if part.compositor.subtreeUpdates > subtreesBefore { subtrees += 1 }
                }
            }
            XCTAssertEqual(whole.compositor.updates, 0)
            focusMoves += part.compositor.focusUpdates
            inPlace += part.compositor.inPlaceLayouts
        }
        print("SubtreeReadTests: \(compared) frames compared; of \(edits) edits \(partial) read in part, "
              + "\(subtrees) of them a subtree, \(inPlace) placed again from memory up to a container whose size "
              + "stayed or the screen; \(focusMoves) focus moves read nothing, "
              + "\(popupFrames) frames with a popup open, \(problemFrames) with a problem shown")
        // Edits that move what lies outside a container of a fixed size (or
        // write nothing shown) are read whole, or not at all: at least half
        // must be read in part, and a third must read a subtree again.
        XCTAssertGreaterThan(partial * 2, edits, "most edits read only what they changed")
        XCTAssertGreaterThan(subtrees * 3, edits, "edits inside containers read their subtrees")
        XCTAssertGreaterThan(focusMoves, 0, "Tab, arrows and clicks that move focus read nothing")
        XCTAssertGreaterThan(inPlace * 20, edits, "sizes that change up to the screen are placed again from memory")
        XCTAssertGreaterThan(popupFrames, 0, "popups are opened, moved in and chosen from")
        XCTAssertGreaterThan(problemFrames, 0, "bad children show their problems while edits go on")
    }
}
