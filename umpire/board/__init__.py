"""The players' board (`umpire serve`): each side's ships, live, on the players' phones (board.md)."""
