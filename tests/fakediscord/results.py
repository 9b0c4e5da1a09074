"""What one interaction got, as live views of the fake's records."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .models import RecordedInteraction, RecordedMessage
from .state import State


@dataclass(eq=False)
class InteractionResult:
    """What one interaction got: its callback, follow-ups and edits (live views of the fake's records)."""

    interaction: RecordedInteraction
    state: State
    marker: int

    @property
    def messages(self) -> list[RecordedMessage]:
        """Messages created or edited through this interaction's token, in order of first touch."""
        return [self.state.messages[i] for i in self.interaction.message_ids]

    @property
    def message(self) -> RecordedMessage:
        """The first message of the answer (the reply, or the updated message for a type 7)."""
        if not self.messages:
            raise AssertionError(
                f"{self.interaction.name!r} got no message (callback type {self.interaction.callback_type})"
            )
        return self.messages[0]

    @property
    def content(self) -> str:
        """The content of :attr:`message`."""
        return self.message.content

    @property
    def text(self) -> str:
        """The text (content, embeds, text displays) of every message of the answer."""
        return "\n".join(m.text for m in self.messages if not m.deleted)

    @property
    def ephemeral(self) -> bool:
        """Whether :attr:`message` is ephemeral."""
        return self.message.ephemeral

    @property
    def callback_type(self) -> int | None:
        """4 message, 5 deferred, 6 deferred update, 7 update, 8 autocomplete, 9 modal."""
        return self.interaction.callback_type

    @property
    def choices(self) -> list[dict[str, Any]]:
        """Autocomplete choices (``[{"name", "value"}]``)."""
        return list(self.interaction.choices or [])

    @property
    def modal(self) -> dict[str, Any] | None:
        """The modal the bot opened, if any."""
        return self.interaction.modal

    @property
    def latency(self) -> float | None:
        """Seconds from dispatch to the first reply."""
        return self.interaction.latency

    @property
    def new_messages(self) -> list[RecordedMessage]:
        """Every message created anywhere since this interaction was dispatched (any author)."""
        return [m for m in self.state.messages.values() if m.id > self.marker]
