"""Fluent messages made into plain Python functions, for speed; fluent.runtime stays the reference.

fluent.runtime walks a message's syntax tree at every call and formats every number through Babel,
many times the cost of ``str.format``, and a board or a private hand takes dozens of sentences.
:class:`Compiler` turns a message made of text, variables, selectors on a variable (plural
categories or literal keys), and parts that read no variable (terms, other messages, literals)
into a :data:`Render` function. fluent.runtime itself formats the parts without variables, once;
numbers read as fluent.runtime writes them, each value worked out once. A message with anything
else (a function such as ``NUMBER()``, a selector on a term's attribute) is left to fluent.runtime,
and so is a call with an argument :func:`fluent_argument` does not make a ``str``, ``int`` or
``float`` (:class:`Unsupported`). tests/service/test_catalog_compile.py checks that both give the
same text for every message of both files.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from datetime import date
from decimal import Decimal

from babel import Locale
from babel.plural import to_python
from fluent.runtime import FluentBundle
from fluent.runtime.types import FluentFloat, FluentInt, FluentType
from fluent.syntax import ast

Expression = ast.InlineExpression | ast.Placeable | ast.SelectExpression  # what a placeable holds
Render = Callable[[Mapping[str, object]], str]  # a message's text from its arguments
MAX_PART_LENGTH = 2500  # fluent.runtime refuses a longer string argument (an error, not a text)
KEPT = 4096  # number texts and plural categories kept per language


class Unsupported(Exception):
    """A message, or a call, that fluent.runtime formats itself."""


def fluent_argument(value: object) -> object:
    """A value as Fluent takes it: texts, numbers and dates as they are, anything else (a card, a
    bool) as its ``str()``, as ``str.format`` showed it."""
    if isinstance(value, FluentType):
        return value
    if isinstance(value, str):
        return str.__str__(value)  # a str subclass (an enum's value) as the text it holds
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, int):
        return int(value)
    if isinstance(value, float):
        return float(value)
    if isinstance(value, (Decimal, date)):
        return value
    return str(value)


def _simple(value: object) -> object:
    """``value`` as a str, int or float, the way :func:`fluent_argument` makes it, or Unsupported."""
    value = fluent_argument(value)
    if value.__class__ not in (str, int, float):
        raise Unsupported(f"an argument of type {type(value).__name__}")
    return value


class Numbers:
    """A language's number texts and plural categories, as fluent.runtime works them out, kept."""

    def __init__(self, lang: str) -> None:
        self.locale = Locale.parse(lang.replace("-", "_"))
        self._plural = to_python(self.locale.plural_form)
        self.texts: dict[int, str] = {}
        self.categories: dict[int, str] = {}

    def text(self, value: int | float) -> str:
        if isinstance(value, float):
            return str(FluentFloat(value).format(self.locale))
        found = str(FluentInt(value).format(self.locale))
        if len(self.texts) < KEPT:
            self.texts[value] = found
        return found

    def category(self, value: int | float) -> str:
        found = str(self._plural(value))
        if isinstance(value, int) and len(self.categories) < KEPT:
            self.categories[value] = found
        return found


def _shower(numbers: Numbers) -> Callable[[object], str]:
    texts = numbers.texts

    def show(value: object) -> str:
        kind = value.__class__
        if kind is str:
            if len(value) > MAX_PART_LENGTH:  # type: ignore[arg-type]
                raise Unsupported("a text argument too long for fluent.runtime")
            return value  # type: ignore[return-value]
        if kind is int:
            return texts.get(value) or numbers.text(value)  # type: ignore[call-overload, arg-type]
        if kind is float:
            return numbers.text(value)  # type: ignore[arg-type]
        return show(_simple(value))

    return show


class Compiler:
    """Compiles the messages of one language's resource (:meth:`compile`)."""

    def __init__(self, lang: str, resource: ast.Resource) -> None:
        self.numbers = Numbers(lang)
        self._show = _shower(self.numbers)
        self._scratch = FluentBundle([lang], use_isolating=False)  # the resource, plus one message per constant part
        self._scratch.add_resource(resource)
        self._constants = 0

    def compile(self, message: ast.Message) -> Render | None:
        """``message`` as a function of its arguments; None when fluent.runtime must format it.
        The function raises :class:`Unsupported` for a call fluent.runtime must make, and
        KeyError for a variable missing."""
        if message.value is None:
            return None
        try:
            return self._pattern(message.value)
        except Unsupported:
            return None

    def _pattern(self, pattern: ast.Pattern) -> Render:
        pieces: list[str | Render] = []
        for element in pattern.elements:
            piece = element.value if isinstance(element, ast.TextElement) else self._placeable(element.expression)
            if isinstance(piece, str) and pieces and isinstance(pieces[-1], str):
                pieces[-1] += piece
            else:
                pieces.append(piece)
        texts = [p if isinstance(p, str) else "" for p in pieces]
        if all(isinstance(p, str) for p in pieces):
            text = "".join(texts)
            return lambda args: text
        slots = tuple((i, p) for i, p in enumerate(pieces) if not isinstance(p, str))

        def render(args: Mapping[str, object]) -> str:
            out = texts.copy()
            for i, part in slots:
                out[i] = part(args)
            return "".join(out)

        return render

    def _placeable(self, expression: Expression) -> str | Render:
        if isinstance(expression, ast.Placeable):
            return self._placeable(expression.expression)
        if isinstance(expression, ast.VariableReference):
            name, show = expression.id.name, self._show
            return lambda args: show(args[name])
        if isinstance(expression, ast.SelectExpression):
            return self._select(expression)
        return self._constant(expression)  # a term, a message, a literal, a function

    def _select(self, select: ast.SelectExpression) -> Render:
        """fluent.runtime's choice: the first variant whose key matches the value, else the
        default. A number matches a number equal to it, or the name of its plural category; a
        text matches a name equal to it, or a number of that plural category."""
        if not isinstance(select.selector, ast.VariableReference):
            raise Unsupported("a selector that is not a variable")
        name, numbers = select.selector.id.name, self.numbers
        variants = [(_key(v.key), self._pattern(v.value)) for v in select.variants]
        default = next(render for v, (_, render) in zip(select.variants, variants, strict=True) if v.default)
        by_name: dict[str, tuple[int, Render]] = {}
        by_number: dict[int | float, tuple[int, Render]] = {}
        for i, (key, render) in enumerate(variants):
            if isinstance(key, str):
                by_name.setdefault(key, (i, render))
            else:
                by_number.setdefault(key, (i, render))
        categories = numbers.categories
        none = (len(variants), default)

        def choose(args: Mapping[str, object]) -> str:
            value = args[name]
            kind = value.__class__
            if kind is not int and kind is not float and kind is not str:
                value = _simple(value)
                kind = value.__class__
            if kind is int or kind is float:
                # Only an int's category is kept: 1.0 is not "one" in English, where 1 is.
                category = (categories.get(value) if kind is int else None) or numbers.category(value)  # type: ignore[call-overload, arg-type]
                # The earlier of the two matches (two different variants, or both the default).
                chosen: Render = min(by_number.get(value, none), by_name.get(category, none))[1]  # type: ignore[call-overload]
                return chosen(args)
            for key, render in variants:  # a text
                if key == value if isinstance(key, str) else numbers.category(key) == value:
                    return render(args)
            return default(args)

        return choose

    def _constant(self, expression: Expression) -> str:
        """A part that reads no variable, formatted by fluent.runtime (:class:`Unsupported` if it
        reads one)."""
        self._constants += 1
        mid = f"catalog-compile-constant-{self._constants}"
        entry = ast.Message(ast.Identifier(mid), ast.Pattern([ast.Placeable(expression)]))
        self._scratch.add_resource(ast.Resource([entry]))
        pattern = self._scratch.get_message(mid).value
        assert pattern is not None  # it was made with one
        text, errors = self._scratch.format_pattern(pattern, {})
        if errors or not isinstance(text, str):
            raise Unsupported(f"a part that reads variables: {errors[0] if errors else text}")
        return text


def _key(key: ast.Identifier | ast.NumberLiteral) -> str | int | float:
    if isinstance(key, ast.Identifier):
        return key.name
    return float(key.value) if "." in key.value else int(key.value)
