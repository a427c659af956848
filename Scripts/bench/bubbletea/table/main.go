// A 4-column bubbles/table of N rows (default 10^5) whose Enter handler writes
// a label: the peer of Scripts/bench/table.lua ("array" mode: the rows are
// built up front, as bubbles/table needs them all).
//
//	table [-n 100000]                       interactive, in the alternate screen
//	table -render 80x24 -keys "down enter"   headless (see ../headless)
package main

import (
	"flag"
	"fmt"
	"os"
	"strconv"

	"github.com/charmbracelet/bubbles/table"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"../headless"
)

var states = []string{"paid", "shipped", "pending", "refunded"}

type model struct {
	table table.Model
	label string
}

func newModel(n int) model {
	rows := make([]table.Row, n)
	for i := 1; i <= n; i++ {
		rows[i-1] = table.Row{strconv.Itoa(i), "Customer " + strconv.Itoa(i*7919%1000), states[i%4],
			strconv.FormatFloat(float64(i)*0.25, 'f', -1, 64)}
	}
	t := table.New(
		table.WithColumns([]table.Column{
			{Title: "Order", Width: 8}, {Title: "Customer", Width: 45}, {Title: "State", Width: 9}, {Title: "Total", Width: 10},
		}),
		table.WithRows(rows),
		table.WithFocused(true),
		table.WithHeight(21),
	)
	return model{table: t, label: "nothing chosen"}
}

func (m model) Init() tea.Cmd { return nil }

func (m model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.table.SetHeight(msg.Height - 3)
		return m, nil
	case tea.KeyMsg:
		switch msg.String() {
		case "q", "ctrl+c":
			return m, tea.Quit
		case "enter":
			m.label = fmt.Sprintf("chose order %s (%d)", m.table.SelectedRow()[0], m.table.Cursor()+1)
			return m, nil
		}
	}
	var cmd tea.Cmd
	m.table, cmd = m.table.Update(msg)
	return m, cmd
}

func (m model) View() string { return m.label + "\n" + m.table.View() }

func main() {
	n := flag.Int("n", 100000, "rows")
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
