"""The launcher screen in Textual, for the start-up comparison: a header, a
line of text and a list of the five example screens. Run headless, it exits as
soon as its first frame is drawn."""
from textual.app import App, ComposeResult
from textual.widgets import Header, Static, OptionList


class Launcher(App):
    def compose(self) -> ComposeResult:
        yield Header()
        yield Static("Example screens — Enter opens one, Esc comes back, q quits.")
        yield OptionList("TabBarView", "NavigationListView", "DropDownMenu", "CustomSheet", "TabBar & SideBar")

    def on_mount(self) -> None:
        self.call_after_refresh(self.exit)


if __name__ == "__main__":
    import asyncio

    async def main():
        async with Launcher().run_test(size=(80, 24)) as pilot:
            await pilot.pause()
    asyncio.run(main())
