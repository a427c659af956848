// The launcher's shape in Bubble Tea: a title, a line of help, a divider and a
// list of eleven entries (icon, title, subtitle) from bubbles/list; Enter opens
// a "not written yet" screen, Esc comes back, q quits. The bench's peer of
// `uihost screens/launcher.lua` (Scripts/bench/run.py).
//
//	launcher                      interactive, in the alternate screen
//	launcher -render 80x24        headless: one frame to stdout, then exit
//	launcher -render 80x24 -keys "down enter"   the frame after those keys
package main

import (
	"flag"
	"fmt"
	"os"
	"strings"

	"github.com/charmbracelet/bubbles/list"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"../headless"
)

type entry struct{ icon, title, subtitle string }

func (e entry) Title() string       { return e.icon + " " + e.title }
func (e entry) Description() string { return e.subtitle }
func (e entry) FilterValue() string { return e.title }

var entries = []list.Item{
	entry{"▤", "TabBarView", "header tabs, pickers, dropdown"},
	entry{"≡", "NavigationListView", "a navigation list"},
	entry{"▾", "DropDownMenu", "a dropdown with onSelect"},
	entry{"▁", "CustomSheet", "a bottom sheet"},
	entry{"◧", "TabBar & SideBar", "bottom tab bar, side drawer"},
	entry{"✎", "Sign-up form", "text fields, checkbox, radio"},
	entry{"⌕", "Search", "an input that filters a list"},
	entry{"▦", "Orders", "10^6 orders, sheet, confirm"},
	entry{"✉", "Notes", "dialogs, toasts, a scroll"},
	entry{"❐", "Files", "a tree that loads, a log"},
	entry{"▣", "About", "boxes, links, sizes and align"},
}

var titleStyle = lipgloss.NewStyle().Bold(true)

type model struct {
	list          list.Model
	width, height int
	opened        *entry
}

func newModel() model {
	l := list.New(entries, list.NewDefaultDelegate(), 80, 20)
	l.SetShowTitle(false)
	l.SetShowStatusBar(false)
	l.SetFilteringEnabled(false)
	return model{list: l, width: 80, height: 24}
}

func (m model) Init() tea.Cmd { return nil }

func (m model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.width, m.height = msg.Width, msg.Height
		m.list.SetSize(msg.Width, msg.Height-4)
		return m, nil
	case tea.KeyMsg:
		switch msg.String() {
		case "q", "ctrl+c":
			return m, tea.Quit
		case "esc":
			m.opened = nil
			return m, nil
		case "enter":
			if m.opened == nil {
				e := m.list.SelectedItem().(entry)
				m.opened = &e
			}
			return m, nil
		}
	}
	var cmd tea.Cmd
	if m.opened == nil {
		m.list, cmd = m.list.Update(msg)
	}
	return m, cmd
}

func (m model) View() string {
	center := lipgloss.NewStyle().Width(m.width).Align(lipgloss.Center)
	if m.opened != nil {
		return center.Render(titleStyle.Render(m.opened.title)) + "\n" +
			center.Render(m.opened.title+" is not written yet.") + "\n\n[ Back ]"
	}
	return center.Render(titleStyle.Render("uihost")) + "\n" +
		center.Render("Example screens — Enter opens one, Esc comes back, q quits.") + "\n" +
		strings.Repeat("─", m.width) + "\n" +
		m.list.View()
}

func main() {
	size := flag.String("render", "", "WxH: draw headless and print the last frame")
	keys := flag.String("keys", "", "keys to press before the last frame (with -render)")
	flag.Parse()
	// Otherwise lipgloss asks the terminal for its background colour at the
	// first frame, and its reader takes keys typed meanwhile for the answer
	// (Bubble Tea 0.19 then drops them): the bench measures the keys.
	lipgloss.SetHasDarkBackground(true)
	if *size != "" {
		fmt.Print(headless.Run(newModel(), *size, *keys))
		return
	}
	if err := tea.NewProgram(newModel(), tea.WithAltScreen()).Start(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
