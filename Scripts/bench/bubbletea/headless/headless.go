// Package headless drives a Bubble Tea model without a terminal, as `uihost
// render --keys` drives a screen: a window size, then each key through Update
// followed by View (what the program's loop does for every message, minus the
// renderer's writes), and the last frame returned. It is the cheapest way to
// run a Bubble Tea model, so the peer's figures are its best case.
package headless

import (
	"fmt"
	"os"
	"strings"

	tea "github.com/charmbracelet/bubbletea"
)

var named = map[string]tea.KeyType{
	"up": tea.KeyUp, "down": tea.KeyDown, "left": tea.KeyLeft, "right": tea.KeyRight,
	"enter": tea.KeyEnter, "esc": tea.KeyEsc, "tab": tea.KeyTab,
	"pageup": tea.KeyPgUp, "pagedown": tea.KeyPgDown, "home": tea.KeyHome, "end": tea.KeyEnd,
}

// Run sends size ("80x24") and the space-separated keys to m; the last View.
func Run(m tea.Model, size string, keys string) string {
	var w, h int
	if _, err := fmt.Sscanf(size, "%dx%d", &w, &h); err != nil {
		fmt.Fprintln(os.Stderr, "size must be WxH:", size)
		os.Exit(2)
	}
	m, _ = m.Update(tea.WindowSizeMsg{Width: w, Height: h})
	view := m.View()
	for _, k := range strings.Fields(keys) {
		msg := tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(k)}
		if t, ok := named[k]; ok {
			msg = tea.KeyMsg{Type: t}
		}
		m, _ = m.Update(msg)
		view = m.View()
	}
	return view + "\n"
}
