// A list of N items (default 1000) whose Enter handler writes a label, in
// Bubble Tea with bubbles/list: the peer of Scripts/bench/list.lua.
//
//	list [-n 1000]                       interactive, in the alternate screen
//	list -render 80x24 -keys "down enter"   headless (see ../headless)
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/charmbracelet/bubbles/list"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"../headless"
)

type item string

func (i item) Title() string       { return string(i) }
func (i item) Description() string { return "" }
func (i item) FilterValue() string { return string(i) }

type model struct {
	list  list.Model
	label string
}

func newModel(n int) model {
	items := make([]list.Item, n)
	for i := range items {
		items[i] = item(fmt.Sprintf("Item %d", i+1))
	}
	d := list.NewDefaultDelegate()
	d.ShowDescription = false
	d.SetSpacing(0)
	l := list.New(items, d, 80, 23)
	l.Title = fmt.Sprintf("List of %d", n)
	l.SetFilteringEnabled(false)
	return model{list: l, label: "nothing chosen"}
}

func (m model) Init() tea.Cmd { return nil }

func (m model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.list.SetSize(msg.Width, msg.Height-1)
		return m, nil
	case tea.KeyMsg:
		switch msg.String() {
		case "q", "ctrl+c":
			return m, tea.Quit
		case "enter":
			m.label = fmt.Sprintf("chose %s (%d)", m.list.SelectedItem().(item), m.list.Index()+1)
			return m, nil
		}
	}
	var cmd tea.Cmd
	m.list, cmd = m.list.Update(msg)
	return m, cmd
}

func (m model) View() string { return m.label + "\n" + m.list.View() }

func main() {
	n := flag.Int("n", 1000, "items")
	size := flag.String("render", "", "WxH: draw headless and print the last frame")
	keys := flag.String("keys", "", "keys to press before the last frame (with -render)")
	flag.Parse()
	// Otherwise lipgloss asks the terminal for its background colour at the
	// first frame, and its reader takes keys typed meanwhile for the answer
	// (Bubble Tea 0.19 then drops them): the bench measures the keys.
	lipgloss.SetHasDarkBackground(true)
	if *size != "" {
		fmt.Print(headless.Run(newModel(*n), *size, *keys))
		return
	}
	if err := tea.NewProgram(newModel(*n), tea.WithAltScreen()).Start(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
