"""A person's own choices, read and changed through the service (the data stays behind the door).

For now one choice: whether their private messages (the hand, ``/table``, ``/scores``) show
pictures beside the text, or the text only. Someone who never chose sees pictures. Choices are
read at every hand, so the last ``size`` people's are kept in memory; a change is stored first,
then kept, so what is kept is always what is stored.
"""

from __future__ import annotations

from collections import OrderedDict

from data import Store

DEFAULT_PICTURES = True  # what someone who never chose sees
DEFAULT_SIZE = 4096  # people whose choice is kept in memory


class Preferences:
    """People's choices on one :class:`~data.Store`."""

    def __init__(self, db: Store, *, size: int = DEFAULT_SIZE) -> None:
        if size < 1:
            raise ValueError("keep at least one person's choice")
        self._store = db.preferences
        self.size = size
        self._kept: OrderedDict[int, bool] = OrderedDict()

    def __len__(self) -> int:
        """How many people's choices are kept in memory."""
        return len(self._kept)

    def known(self, user_id: int) -> bool | None:
        """Whether ``user_id`` wants pictures, if their choice is in memory (None: ask :meth:`pictures`)."""
        found = self._kept.get(user_id)
        if found is not None:
            self._kept.move_to_end(user_id)
        return found

    async def pictures(self, user_id: int) -> bool:
        """Whether ``user_id`` wants pictures beside the text (yes unless they said no)."""
        found = self.known(user_id)
        if found is not None:
            return found
        stored = await self._store.pictures(user_id)
        found = self._kept.get(user_id)  # a choice made while the row was read is newer
        if found is None:
            found = DEFAULT_PICTURES if stored is None else stored
            self._keep(user_id, found)
        return found

    async def set_pictures(self, user_id: int, on: bool) -> None:
        """Store ``user_id``'s choice (pictures beside the text, or the text only)."""
        await self._store.set_pictures(user_id, on)
        self._keep(user_id, on)

    def _keep(self, user_id: int, on: bool) -> None:
        self._kept[user_id] = on
        self._kept.move_to_end(user_id)
        while len(self._kept) > self.size:
            self._kept.popitem(last=False)
