"""Dice handed out one by one in the order a WS&IM procedure asks for them (Advanced fire, the
mast roll of Optional VIII), typed or rolled."""

from __future__ import annotations

from umpire.core.errors import BadInput


class Dice:
    """Dice handed out in the order the procedure asks for them; typed dice must all be used."""

    def __init__(self, rolls: tuple[int, ...], typed: bool, what: str = "this fire") -> None:
        self.rolls, self.typed, self.used, self.labels, self.what = rolls, typed, 0, [], what

    def take(self, label: str) -> int:
        self.labels.append(label)
        if self.used >= len(self.rolls):
            raise BadInput(f"roll {','.join(map(str, self.rolls))}: {self.what} needs at least {len(self.labels)} "
                           f"dice, in this order: {', '.join(self.labels)}")
        self.used += 1
        return self.rolls[self.used - 1]

    def finish(self) -> tuple[int, ...]:
        if self.typed and self.used != len(self.rolls):
            raise BadInput(f"roll {','.join(map(str, self.rolls))}: {self.what} needs {self.used} dice, in this "
                           f"order: {', '.join(self.labels) or 'none'}; got {len(self.rolls)}")
        return self.rolls[:self.used]
