"""Textual's DataTable with N rows of 4 columns (the peer of the ui.table bench):
run headless at 80x24, it exits as soon as its first frame is drawn.
Usage: textual_table.py N"""
import sys

from textual.app import App, ComposeResult
from textual.widgets import DataTable

CUSTOMERS = ["Aiko", "Bruno", "Chloé", "Dmitri", "Eun-ji", "Farah", "Gustav", "Hiroshi", "Inés", "Jomo"]
STATES = ["paid", "shipped", "pending", "refunded"]


class Orders(App):
    def __init__(self, n: int):
        super().__init__()
        self.n = n

    def compose(self) -> ComposeResult:
        yield DataTable()

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        table.add_columns("Order", "Customer", "State", "Total")
        table.add_rows((i, CUSTOMERS[i * 7 % 10], STATES[i * 13 % 4], f"{(i * 7919 % 100000) / 100:.2f}")
                       for i in range(1, self.n + 1))
        self.call_after_refresh(self.exit)


if __name__ == "__main__":
    import asyncio

    async def main():
        async with Orders(int(sys.argv[1])).run_test(size=(80, 24)) as pilot:
            await pilot.pause()
    asyncio.run(main())
