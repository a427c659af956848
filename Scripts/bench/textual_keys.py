"""Keys per second through Textual's pilot on the screen of list.lua: a list of
1000 items whose selection handler updates a label; the same keys as the uihost
figure (down, enter, up, enter). Prints the figure."""
import asyncio, sys, time
from textual.app import App, ComposeResult
from textual.widgets import Static, OptionList


class ListApp(App):
    def compose(self) -> ComposeResult:
        yield Static("nothing chosen", id="label")
        yield OptionList(*[f"Item {i}" for i in range(1, 1001)], id="list")

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.query_one("#label", Static).update(f"chose {event.option.prompt} ({event.option_index + 1})")


async def main(keys: int) -> None:
    app = ListApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        start = time.perf_counter()
        for _ in range(keys // 4):
            await pilot.press("down", "enter", "up", "enter")
        await pilot.pause()
        seconds = time.perf_counter() - start
    print(f"{keys / seconds:.1f}")


if __name__ == "__main__":
    asyncio.run(main(int(sys.argv[1]) if len(sys.argv) > 1 else 400))
