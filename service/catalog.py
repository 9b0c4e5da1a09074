"""Every sentence the bot itself writes, in Project Fluent: ``service/locales/<lang>/rami.ftl``.

``tr = translator(interaction.locale)`` then ``tr("joined", n=2, max=6)``. The code names a message
by its catalog key (``"joined"``, ``"rules.not_your_turn"``); its Fluent id is the key with ``.``
and ``_`` written ``-`` (:func:`message_id`: Fluent ids have no dots), so ``"rules-not-your-turn"``.
Each language has one :class:`~fluent.runtime.FluentBundle`, built at import from the files beside
this module (never from the working directory); a message a language lacks is read in English.
Counts take Fluent's plural selectors, with CLDR's rules ("0 carte" in French, "0 cards" in
English); the French game words are Fluent terms (``-talon``, ``-defausse``...) defined once.
The messages are compiled to Python at import (:mod:`service.catalog_compile`), so that a sentence
stays cheap; fluent.runtime formats what they cannot express.

The rules engine's refusals carry a ``key`` (:class:`rummy.errors.RummyError`): ``rules.<key>``
translates them (:func:`engine_text`); in English, and without a translation, the player reads the
error's own ``str()``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from importlib import resources
from typing import Any

from fluent.runtime import FluentBundle
from fluent.syntax import FluentParser, ast

from rummy.errors import RummyError
from service.catalog_compile import Compiler, Render, Unsupported, fluent_argument

LANGUAGES = ("en", "fr")
SOURCE_LANGUAGE = "en"  # the language the code is written in, and every other one's fallback
RESOURCE = "rami.ftl"
COMMAND_PREFIX = "cmd-"  # command and option descriptions, choice names: see command_text()

Translator = Callable[..., str]


class CatalogError(KeyError):
    """A key no catalog has, or a message its variables could not fill (a bug in the caller)."""


def message_id(key: str) -> str:
    """The Fluent id of a catalog key: ``"rules.not_your_turn"`` is ``"rules-not-your-turn"``.
    An id is its own id, so the code may name a message either way."""
    found = _IDS.get(key)
    if found is None:
        found = key.replace(".", "-").replace("_", "-")
        if len(_IDS) < 4096:  # the keys are the code's own, but a caller may pass any string
            _IDS[key] = found
    return found


_IDS: dict[str, str] = {}


def ftl_source(lang: str) -> str:
    """The text of ``lang``'s Fluent file, read from this package (wherever the bot is started)."""
    return resources.files(__package__ or "service").joinpath("locales", lang, RESOURCE).read_text(encoding="utf-8")


def parse(source: str, name: str) -> ast.Resource:
    """A Fluent resource; a syntax error is raised, not skipped (Fluent's parser keeps it as junk)."""
    resource = FluentParser().parse(source)
    for entry in resource.body:
        if isinstance(entry, ast.Junk):
            line = source.count("\n", 0, entry.span.start if entry.span else 0) + 1
            why = "; ".join(str(a.message) for a in entry.annotations)
            raise ValueError(f"{name}, line {line}: {why}: {str(entry.content).strip()[:80]!r}")
    return resource


@dataclass(frozen=True, slots=True)
class _Entry:
    bundle: FluentBundle
    pattern: Any  # the bundle's compiled pattern (fluent.runtime does not export its type)
    constant: str | None  # the text, when the message reads no variable
    renderer: Render | None  # the message compiled to Python (catalog_compile), when it can be


class Sources(Mapping[str, str]):
    """One language's messages as written in its file (each message's pattern), by Fluent id;
    a catalog key finds its message too (``"rules.turn_of" in EN``). A message without a
    placeable reads exactly as the bot writes it."""

    def __init__(self, patterns: dict[str, str]) -> None:
        self._patterns = patterns

    def __getitem__(self, key: str) -> str:
        return self._patterns[message_id(key)]

    def __contains__(self, key: object) -> bool:
        return isinstance(key, str) and message_id(key) in self._patterns

    def __iter__(self) -> Iterator[str]:
        return iter(self._patterns)

    def __len__(self) -> int:
        return len(self._patterns)


class Catalog:
    """The bundles of some languages, from Fluent sources, with the source language's messages
    behind every other language's."""

    def __init__(self, sources: Mapping[str, str], fallback: str = SOURCE_LANGUAGE) -> None:
        self.resources = {lang: parse(text, f"{lang}/{RESOURCE}") for lang, text in sources.items()}
        self.sources: dict[str, Sources] = {}
        own: dict[str, dict[str, _Entry]] = {}
        for lang, resource in self.resources.items():
            bundle = FluentBundle([lang], use_isolating=False)  # no FSI/PDI marks: Discord shows some as boxes
            bundle.add_resource(resource)
            compiler = Compiler(lang, resource)
            messages = [m for m in resource.body if isinstance(m, ast.Message) and m.value is not None]
            own[lang] = {m.id.name: _entry(bundle, m, compiler.compile(m)) for m in messages}
            self.sources[lang] = Sources({m.id.name: _pattern_source(sources[lang], m) for m in messages})
        self._own = own
        self._entries = {lang: {**own[fallback], **entries} for lang, entries in own.items()}
        self._translators = {lang: _translator(lang, entries) for lang, entries in self._entries.items()}
        english = self._entries[fallback]
        self._commands = {str(english[mid].constant): mid for mid in own[fallback] if mid.startswith(COMMAND_PREFIX)}

    def has(self, lang: str, key: str) -> bool:
        """Whether ``lang``'s own file has the message (no fallback)."""
        return message_id(key) in self._own.get(lang, {})

    def translator(self, lang: str) -> Translator:
        """The function ``tr(key, **params)`` of ``lang``, made once per language: a board or a
        hand takes dozens of sentences."""
        return self._translators[lang]

    def command_id(self, english: str) -> str | None:
        """The id of the command description (or choice name) the code writes as ``english``."""
        return self._commands.get(english)


def _translator(lang: str, entries: dict[str, _Entry]) -> Translator:
    by_key = dict(entries)  # and by the code's keys, as they come: one look-up a sentence

    def tr(key: str, /, **params: Any) -> str:
        entry = by_key.get(key)
        if entry is None:
            entry = entries.get(message_id(key))
            if entry is None:
                raise CatalogError(f"no message {key!r} in the catalog")
            by_key[key] = entry
        if entry.constant is not None:
            return entry.constant
        if entry.renderer is not None:
            try:
                return entry.renderer(params)
            except KeyError as missing:
                raise CatalogError(f"{lang} message {key!r}: no variable {missing}") from None
            except Unsupported:
                pass  # fluent.runtime formats it
        args = {name: fluent_argument(value) for name, value in params.items()}
        text, errors = entry.bundle.format_pattern(entry.pattern, args)
        if errors or not isinstance(text, str):
            raise CatalogError(f"{lang} message {key!r}: {errors[0] if errors else text}")
        return text

    return tr


def _entry(bundle: FluentBundle, message: ast.Message, renderer: Render | None) -> _Entry:
    pattern = bundle.get_message(message.id.name).value
    assert pattern is not None  # the catalog keeps the messages that have a value
    text, errors = bundle.format_pattern(pattern, {})
    # A message that formats without a single error read no variable: its text never changes.
    return _Entry(bundle, pattern, text if not errors and isinstance(text, str) else None, renderer)


def _pattern_source(source: str, message: ast.Message) -> str:
    span = message.value.span if message.value is not None else None
    return source[span.start : span.end].strip() if span is not None else ""


BOOK = Catalog({lang: ftl_source(lang) for lang in LANGUAGES})

EN: Mapping[str, str] = BOOK.sources["en"]
FR: Mapping[str, str] = BOOK.sources["fr"]
CATALOG: Mapping[str, Mapping[str, str]] = BOOK.sources


def language(locale: object) -> str:
    """The catalog language for a Discord locale (``"fr"``, ``"en-US"``...), English by default."""
    code = str(getattr(locale, "value", locale) or "en").lower()
    for candidate in (code, code.split("-", 1)[0]):
        if candidate in BOOK.sources:
            return candidate
    return SOURCE_LANGUAGE


def translator(locale: object) -> Translator:
    """A function ``tr(key, **params)`` bound to ``locale``'s language (the same as :func:`text`)."""
    return BOOK.translator(language(locale))


def text(locale: object, key: str, **params: Any) -> str:
    """The sentence ``key`` in the locale's language (English when it has no translation)."""
    return BOOK.translator(language(locale))(key, **params)


def command_text(english: str, locale: object) -> str | None:
    """A command or option description (or a choice name), which the code writes in English, in
    ``locale``'s language; None for English and for a text the catalog does not have."""
    lang = language(locale)
    mid = BOOK.command_id(english)
    if lang == SOURCE_LANGUAGE or mid is None or not BOOK.has(lang, mid):
        return None
    return BOOK.translator(lang)(mid)


def engine_text(locale: object, key: str | None, params: Mapping[str, object], *, english: bool = False) -> str | None:
    """A rules engine refusal (``rules.<key>``) in ``locale``'s language, filled from the error's
    params; None when the language has no such message or the params do not fit it, and in English
    unless ``english`` (the caller shows the error's own English ``str()`` instead)."""
    lang = language(locale)
    if key is None or (lang == SOURCE_LANGUAGE and not english) or not BOOK.has(lang, f"rules.{key}"):
        return None
    filled = {name: reason(locale, v) if isinstance(v, RummyError) else v for name, v in params.items()}
    try:
        return BOOK.translator(lang)(f"rules.{key}", **filled)
    except CatalogError:
        return None


def reason(locale: object, error: RummyError) -> str:
    """Why the engine refused, without what it names first ("7♥ 9♥ is not a run: the cards are not
    in sequence." gives "the cards are not in sequence."): a refusal another one gives as its ``why``
    (a lay-off refused for the meld's own reason)."""
    text = engine_text(locale, error.key, error.params, english=True) or str(error)
    return text.split(": ", 1)[1] if ": " in text else text
