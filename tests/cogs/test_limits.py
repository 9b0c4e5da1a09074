"""Discord's limits in one place (cogs.ui.limits): what players type is bounded and quoted short,
and whatever the bot sends fits, however long its parts."""

from __future__ import annotations

from typing import Any

import discord
import pytest

from cogs.ui import limits
from cogs.ui.components import persistent
from cogs.ui.hand import HandButton, RefreshButton
from cogs.ui.limits import fit, fit_embed, fit_view, quote
from service.model import Refusal
from tests.fakediscord.limits import message_problems


def problems(**kwargs: Any) -> list[str]:
    """What Discord (the fake's checks) would refuse in a message sent with these keyword arguments."""
    embed, view = kwargs.get("embed"), kwargs.get("view")
    body = {
        "content": kwargs.get("content"),
        "embeds": [embed.to_dict()] if embed is not None else [],
        "components": view.to_components() if view is not None else [],
    }
    return message_problems(body, creating=True)


def huge_embed() -> discord.Embed:
    embed = discord.Embed(title="T" * 300, description="d" * 5000)
    embed.set_footer(text="f" * 2100)
    embed.set_author(name="a" * 300)
    for i in range(30):
        embed.add_field(name=f"n{i}" * 100, value="v" * 2000)
    embed.add_field(name="", value="")
    return embed


def test_quote_is_short_on_one_line_and_defused() -> None:
    """A quote keeps 40 characters at most, on one line, markdown escaped and mentions defused."""
    assert quote("ZZ") == "ZZ"
    long = quote("x" * 5000)
    assert len(long) == limits.QUOTE and long.endswith("…")
    assert quote("a\n\n  b\tc") == "a b c"
    assert quote("**bold** `code` ||spoiler||") == r"\*\*bold\*\* \`code\` \|\|spoiler\|\|"
    for mention in ("@everyone", "@here", "<@123456789012345678>", "<@&123456789012345678>"):
        assert mention not in quote(f"hi {mention}")


def test_typed_and_chosen_refuse_without_echoing() -> None:
    """Text over its option's length, or a value outside its choices, is refused; neither is quoted."""
    assert limits.typed("7H", 20, "card") == "7H"
    with pytest.raises(Refusal) as too_long:
        limits.typed("x" * 21, 20, "card")
    assert too_long.value.key == "too_long" and too_long.value.params == {"option": "card", "max": 20}
    assert limits.chosen("stock", ("stock", "discard"), "source") == "stock"
    with pytest.raises(Refusal) as outside:
        limits.chosen("@everyone", ("stock", "discard"), "source")
    assert outside.value.key == "bad_choice" and "@everyone" not in str(outside.value.params)


def test_content_is_clipped() -> None:
    """Content past 2,000 characters is cut with an ellipsis; shorter content is left alone."""
    assert fit({"content": "ok"}) == {"content": "ok"}
    content = fit({"content": "x" * 5000})["content"]
    assert len(content) == limits.CONTENT and content.endswith("…")


def test_a_fitting_embed_is_sent_as_it_is() -> None:
    """An embed within every limit is the very same object (a shared board embed is never copied)."""
    embed = discord.Embed(title="t", description="d").add_field(name="n", value="v")
    assert fit_embed(embed) is embed


def test_an_embed_over_every_limit_fits_and_the_original_is_untouched() -> None:
    """Title, description, fields, footer, author and the 6,000 total are all brought within limits."""
    embed = huge_embed()
    before = embed.to_dict()
    fitted = fit_embed(embed)
    assert problems(embed=fitted) == []
    assert len(fitted) <= limits.EMBED_TOTAL and len(fitted.fields) <= limits.FIELDS
    assert embed.to_dict() == before
    assert fitted.title is not None and fitted.title.startswith("TTT") and fitted.title.endswith("…")


def test_the_description_gives_way_before_the_fields() -> None:
    """Past 6,000 characters in all, the description is cut first, and the fields are kept."""
    embed = discord.Embed(title="t", description="d" * 4000)
    for i in range(4):
        embed.add_field(name=f"field {i}", value="v" * 1000)
    fitted = fit_embed(embed)
    assert len(fitted) <= limits.EMBED_TOTAL and [f.value for f in fitted.fields] == ["v" * 1000] * 4


def test_a_fitting_view_is_sent_as_it_is() -> None:
    """A view within limits is the same object: its items stay routed as they were."""
    view = persistent(RefreshButton(1, "Refresh"))
    assert fit_view(view) is view


async def test_labels_placeholders_and_options_are_clipped() -> None:
    """Long labels and placeholders, too many options, over-long or repeated values: all fixed."""
    options = [("o" * 200, f"v{i}") for i in range(40)] + [("dup", "v0"), ("long", "x" * 101)]
    select = discord.ui.Select[Any](
        custom_id="rami:1:discard",
        placeholder="p" * 300,
        options=[discord.SelectOption(label=label, value=value) for label, value in options],
        max_values=len(options),
        row=1,
    )
    button = discord.ui.Button[Any](label="L" * 200, style=discord.ButtonStyle.primary, custom_id="rami:1:refresh")
    view = discord.ui.View(timeout=None)
    view.add_item(button)
    view.add_item(select)
    assert problems(view=view)
    fitted = fit_view(view)
    assert problems(view=fitted) == []
    [_buttons, [picker]] = [row["components"] for row in fitted.to_components()]
    assert [o["value"] for o in picker["options"]] == [f"v{i}" for i in range(25)]
    assert picker["max_values"] == 25 and picker["custom_id"] == "rami:1:discard"
    assert view.to_components()[1]["components"][0]["placeholder"] == "p" * 300  # the original is untouched
    assert fitted.is_finished() and fitted.timeout is None  # discord.py keeps nothing: routed by custom_id


def test_a_fitted_button_keeps_its_emoji_style_and_id() -> None:
    """Only the label is clipped: the "My hand" button keeps its emoji, style and custom_id."""
    fitted = fit_view(persistent(HandButton(7, "H" * 200)))
    [button] = fitted.to_components()[0]["components"]
    assert len(button["label"]) == limits.BUTTON_LABEL and button["custom_id"] == "rami:7:hand"
    assert button["emoji"]["name"] == "🂠" and button["style"] == discord.ButtonStyle.primary.value


def test_fit_leaves_other_arguments_alone() -> None:
    """Only content, embed and view are fitted; ephemeral, mentions and the rest pass through."""
    mentions = discord.AllowedMentions.none()
    out = fit({"content": "x" * 3000, "ephemeral": True, "allowed_mentions": mentions, "silent": True})
    assert out["ephemeral"] is True and out["allowed_mentions"] is mentions and out["silent"] is True
