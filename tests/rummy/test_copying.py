"""Shallow copies of the table's mutable dataclasses (rummy.copying)."""

from __future__ import annotations

from dataclasses import dataclass, field

from rummy.copying import shallow_copy
from rummy.table import Table


@dataclass(slots=True)
class Box:
    name: str
    items: list[int] = field(default_factory=list)
    hidden: int = field(default=0, init=False)


def test_a_copy_holds_the_same_objects_in_a_new_instance() -> None:
    """Every field, init or not, is carried over as the same object; the copy is a new instance."""
    box = Box("a", [1, 2])
    box.hidden = 7
    copy = shallow_copy(box)
    assert type(copy) is Box and copy is not box and copy == box
    assert copy.items is box.items and copy.hidden == 7
    copy.name = "b"
    assert box.name == "a"


def test_the_table_game_and_deal_have_no_instance_dict() -> None:
    """Slots keep hundreds of games in memory small (see the module doc)."""
    table = Table.new(1, 2, 3, "Alice", "basic", seed=1)
    table.join(4, "Bob")
    table.start(3)
    assert table.game is not None and table.game.deal is not None
    for obj in (table, table.game, table.game.deal, table.copy()):
        assert not hasattr(obj, "__dict__")
